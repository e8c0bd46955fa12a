// BUG: 'a' holds 64 floats but the block has 128 threads: threads 64-127 store past its end,
// into the shared memory next to it (here 'b', which threads 0-63 store to at the same time).
// The model keeps arrays apart, so a proof would miss that race: since session 19 an access
// that may leave its __shared__ array is not proved (found by the session-18 review, where the
// symbolic checks proved such a kernel).
// syncproof-args: --block 128 --grid 1:65535
__global__ void k(float* out) {
  __shared__ float a[64];
  __shared__ float b[64];
  unsigned t = threadIdx.x;
  a[t] = 1.0f;  // expected-unknown {{'a[t]' may lie outside 'a' (256 bytes)}}
  if (t < 64) b[t] = 2.0f;
  __syncthreads();
  if (t < 64) out[blockIdx.x * 64 + t] = a[t] + b[t];
}
