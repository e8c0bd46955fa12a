// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64 --param n=0:100
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy — constructor argument y = n + (threadIdx.x == 63) makes b differ for thread 63
struct P { int a; int b; __device__ P(int x, int y) : a(x), b(x + y) {} P() = default; };
__global__ void k(const int * __restrict__ in, int n) {
  __shared__ P slot;
  slot = P(in[0], n + (threadIdx.x == 63));
}
