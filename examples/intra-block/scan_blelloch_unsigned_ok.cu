// Textbook Blelloch scan (GPU Gems 3, ch. 39) with unsigned indices and the stride kept
// in a loop-carried variable 'offset' (1, 2, ..., 512 in the up-sweep, then back down):
// the value carried from one loop into the next must be the exact exit value.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics
#define N 512

__global__ void scan_blelloch(float* out, const float* in) {
  __shared__ float temp[N];
  unsigned tid = threadIdx.x;
  const float* src = in + blockIdx.x * N;
  temp[2 * tid] = src[2 * tid];
  temp[2 * tid + 1] = src[2 * tid + 1];
  unsigned offset = 1;
  for (unsigned d = N >> 1; d > 0; d >>= 1) {  // up-sweep: build partial sums in place
    __syncthreads();
    if (tid < d)
      temp[offset * (2 * tid + 2) - 1] += temp[offset * (2 * tid + 1) - 1];
    offset *= 2;
  }
  if (tid == 0)
    temp[N - 1] = 0;
  for (unsigned d = 1; d < N; d *= 2) {  // down-sweep: distribute the partial sums
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      unsigned ai = offset * (2 * tid + 1) - 1, bi = offset * (2 * tid + 2) - 1;
      float t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  out[blockIdx.x * N + 2 * tid] = temp[2 * tid];
  out[blockIdx.x * N + 2 * tid + 1] = temp[2 * tid + 1];
}
