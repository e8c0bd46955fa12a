// Two arrays carved out of one dynamic shared-memory allocation (2 * blockDim.x floats):
// each block stages x and y, then multiplies them in reversed order.
// syncproof-args: --block 128 --grid 1:65535 --dynamic-smem 1024
// expected-no-diagnostics

__global__ void reverse_dot(float* out, const float* x, const float* y) {
  extern __shared__ float smem[];
  float* xs = smem;               // blockDim.x floats
  float* ys = smem + blockDim.x;  // the next blockDim.x floats
  unsigned t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  xs[t] = x[g];
  ys[t] = y[g];
  __syncthreads();
  unsigned r = blockDim.x - 1 - t;
  out[g] = xs[r] * ys[r];
}
