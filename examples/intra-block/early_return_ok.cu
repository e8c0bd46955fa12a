// Scales n values by a 16-entry coefficient table cached in shared memory. The table is
// loaded and the barrier passed by the whole block before the bounds guard returns.
// syncproof-args: --block 256 --grid 1:65535 --param n=1:16000000
// expected-no-diagnostics

__global__ void scale_by_table(float* out, const float* in, const float* coef, int n) {
  __shared__ float table[16];
  if (threadIdx.x < 16)
    table[threadIdx.x] = coef[threadIdx.x];
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;  // fine: no barrier follows
  out[i] = in[i] * table[i % 16];
}
