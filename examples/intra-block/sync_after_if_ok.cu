// Folds each block's 64 values into 16 partial sums; the barrier is reached by all threads
// before the first 16 threads read the staged values.
// syncproof-args: --block 64 --grid 1:65535
// expected-no-diagnostics

__global__ void fold16(float* out, const float* in) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  if (t < 16)
    out[blockIdx.x * 16 + t] = s[t] + s[t + 16] + s[t + 32] + s[t + 48];
}
