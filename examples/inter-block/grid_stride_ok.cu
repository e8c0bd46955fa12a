// In-place ReLU over n elements with a grid-stride loop: thread (b, t) handles elements
// b * 256 + t, then every 256 * gridDim.x further (grid fixed at 1024 blocks).
// syncproof-args: --block 256 --grid 1024 --param n=0:100000000
// expected-no-diagnostics

__global__ void relu_inplace(float* x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    x[i] = fmaxf(x[i], 0.0f);
}
