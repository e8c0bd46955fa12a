// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64 --param n=0:100
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy — b = n + warp index; warps 0 and 1 store different b
struct S { int a; int b; };
__global__ void k(int n) {
  __shared__ S slot;
  S v; v.a = n * 3; v.b = n + (threadIdx.x >> 5);
  slot = v;
}
