// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy counter() returns a reference to a function-scope __shared__ int (one per block); all threads write it
__device__ int& counter() { __shared__ int c; return c; }
__global__ void k(int *out) {
  counter() = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = counter();
}
