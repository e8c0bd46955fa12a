// Scales n values by a 16-entry coefficient table cached in shared memory.
// Bug: the bounds guard returns before the barrier, so in the last block the threads with
// i >= n never reach __syncthreads() while the others wait for them.
// syncproof-args: --block 256 --grid 1:65535 --param n=1:16000000

__global__ void scale_by_table(float* out, const float* in, const float* coef, int n) {
  __shared__ float table[16];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (threadIdx.x < 16)
    table[threadIdx.x] = coef[threadIdx.x];
  __syncthreads();  // expected-divergence {{'__syncthreads' is reached by some threads of a block but not by others}}
  out[i] = in[i] * table[i % 16];
}
