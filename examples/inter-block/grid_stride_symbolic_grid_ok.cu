// In-place ReLU over n elements with a grid-stride loop, for any grid of up to 4096 blocks.
// Proved: `i += blockDim.x * gridDim.x` is unsigned, but with n + stride <= 2^31 the counter
// cannot wrap before its test fails, so i = i0 + k * stride exactly (docs/encoding.md). Until
// session 16 the wrapped closed form gave 2 false races between blocks (tests/triage/).
// syncproof-args: --block 256 --grid 1:4096 --param n=0:1000000
// expected-no-diagnostics

__global__ void relu_inplace(float* x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    x[i] = fmaxf(x[i], 0.0f);
}
