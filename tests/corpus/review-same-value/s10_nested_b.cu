// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy — nested field i.y = threadIdx.x % 3 differs between threads
struct Inner { short x; short y; };
struct Outer { Inner i; int c; };
__global__ void k(int *out) {
  __shared__ Outer slot;
  Outer v; v.i.x = 3; v.i.y = (short)(threadIdx.x % 3); v.c = 42;
  slot = v;
}
