// TRIAGE (false positive): in-place ReLU over n elements with a correct grid-stride loop,
// checked for any grid of up to 4096 blocks. syncproof reports between-block races whose
// counterexamples are impossible (e.g. n = 64 with blocks 2 and 18 both touching x[62],
// although with n = 64 only block 0 enters the loop).
// See examples/TRIAGE.md. The same kernel with --grid 1024 is proved
// (examples/inter-block/grid_stride_ok.cu).
// syncproof-args: --block 256 --grid 1:4096 --param n=0:1000000
// expected-no-diagnostics

__global__ void relu_inplace(float* x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    x[i] = fmaxf(x[i], 0.0f);
}
