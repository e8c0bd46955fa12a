// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64
// corpus-expect: correct
// TRUTH (the reviewer's): correct — fields from one fixed input element in[0] (read-only), same for all threads
struct S { int a; int b; };
__global__ void k(const int * __restrict__ in) {
  __shared__ S slot;
  S v; v.a = in[0]; v.b = in[0] ^ 7;
  slot = v;
}
