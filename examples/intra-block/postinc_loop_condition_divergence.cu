// Here `while (k++ < (t & 1)) __syncthreads();` tests the old k: odd threads run the body once,
// even threads never: barrier divergence. Proved before session 22 (zero iterations for all).
// syncproof-args: --block 64 --grid 2
__global__ void k(int* out) {
  __shared__ int r[64];
  int t = threadIdx.x;
  r[t] = t;
  int k = 0;
  while (k++ < (t & 1)) __syncthreads();   // __syncthreads reached by odd threads only: divergence  // expected-divergence {{barrier divergence}} expected-divergence {{barrier divergence}}
  out[blockIdx.x * 64 + t] = r[t] + k;
}
