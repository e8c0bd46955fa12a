// Each block stages 256 values, then every thread folds its value below a limit with a
// while loop (goto_retry.cu is the same kernel written with goto, reported as unknown).
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__global__ void fold_below(float* out, const float* in, float limit) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  float v = s[255 - t];
  while (v > limit)
    v -= limit;
  out[blockIdx.x * 256 + t] = v;
}
