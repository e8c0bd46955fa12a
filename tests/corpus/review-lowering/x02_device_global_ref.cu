// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy cnt() returns a reference to a __device__ global; all threads write it
__device__ int gcount;
__device__ int& cnt() { return gcount; }
__global__ void k(int *out) {
  cnt() = threadIdx.x;
}
