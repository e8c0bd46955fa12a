// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1 --dynamic-smem 1024
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy two extern __shared__ arrays alias the same dynamic shared memory; threads 0 and 1 write byte 0 with different values
extern __shared__ float dynf[];
extern __shared__ int dyni[];
__global__ void k(int *out) {
  if (threadIdx.x == 0) dynf[0] = 1.0f;
  if (threadIdx.x == 1) dyni[0] = 5;
  __syncthreads();
  out[threadIdx.x] = dyni[0];
}
