// Two arrays carved out of one dynamic shared-memory allocation (2 * blockDim.x floats):
// each block stages x and y, then multiplies them in reversed order.
// Bug: the offset of ys is computed in bytes, not floats, so ys starts blockDim.x / 4
// floats into xs and the two arrays alias: thread t's ys[t] is thread t + 32's xs[t + 32].
// syncproof-args: --block 128 --grid 1:65535 --dynamic-smem 1024

__global__ void reverse_dot(float* out, const float* x, const float* y) {
  extern __shared__ float smem[];
  float* xs = smem;
  float* ys = (float*)((char*)smem + blockDim.x);  // should be smem + blockDim.x
  unsigned t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  xs[t] = x[g];
  ys[t] = y[g];  // expected-race {{data race on 'dynamic shared memory' (shared memory, within a block)}}
  __syncthreads();
  unsigned r = blockDim.x - 1 - t;
  out[g] = xs[r] * ys[r];
}
