// The twin of examples/unknown/division_by_thread_index.cu with the divisor guarded: thread
// 0 takes the other branch, so no division by zero can happen, and the kernel is proved.
// syncproof-args: --block 64 --grid 1
// expected-no-diagnostics

__global__ void spread_guarded(float* out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  unsigned k = t != 0 ? 64 / t : 0;
  s[t] = (float)k;
  __syncthreads();
  out[t] = s[63 - t];
}
