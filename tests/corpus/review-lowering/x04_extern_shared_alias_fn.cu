// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1 --dynamic-smem 1024
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy extern shared array declared inside the kernel and inside a helper alias each other; write/read race
__device__ void helper() {
  extern __shared__ int hbuf[];
  hbuf[threadIdx.x] = threadIdx.x;
}
__global__ void k(int *out) {
  extern __shared__ int kbuf[];
  helper();
  out[threadIdx.x] = kbuf[threadIdx.x ^ 1];
}
