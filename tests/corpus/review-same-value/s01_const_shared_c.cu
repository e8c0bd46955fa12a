// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64
// corpus-expect: correct
// TRUTH (the reviewer's): correct — every thread stores the same constant struct {1,2} into the one shared slot
struct S { int a; int b; };
__global__ void k(int *out) {
  __shared__ S slot;
  S v; v.a = 1; v.b = 2;
  slot = v;
}
