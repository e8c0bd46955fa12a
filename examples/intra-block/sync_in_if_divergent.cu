// Folds each block's 64 values into 16 partial sums.
// Bug: the barrier was moved inside if (t < 16); threads 16..63 never reach it, which is
// undefined behaviour (the block may hang, or the barrier may not order anything).
// syncproof-args: --block 64 --grid 1:65535

__global__ void fold16(float* out, const float* in) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  if (t < 16) {
    __syncthreads();  // expected-divergence {{barrier divergence: '__syncthreads' is reached by some threads of a block but not by others}}
    out[blockIdx.x * 16 + t] = s[t] + s[t + 16] + s[t + 32] + s[t + 48];
  }
}
