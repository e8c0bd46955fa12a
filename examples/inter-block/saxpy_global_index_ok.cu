// SAXPY y = a * x + y: each thread of each block owns y[blockIdx.x * blockDim.x + threadIdx.x].
// syncproof-args: --block 1:1024 --grid 1:65535 --param n=0:1000000
// expected-no-diagnostics

__global__ void saxpy(float* y, const float* x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
