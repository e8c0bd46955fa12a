// Blelloch (work-efficient) exclusive scan of 512 values by 256 threads (GPU Gems 3, ch. 39);
// the stride offset = 1 << s is written as a shift.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics
#define N 512
#define LOG_N 9

__global__ void scan_blelloch(float* out, const float* in) {
  __shared__ float temp[N];
  unsigned tid = threadIdx.x;
  temp[2 * tid] = in[blockIdx.x * N + 2 * tid];
  temp[2 * tid + 1] = in[blockIdx.x * N + 2 * tid + 1];
  for (int s = 0; s < LOG_N; s++) {  // up-sweep: build partial sums in place
    __syncthreads();
    if (tid < (N >> (s + 1)))
      temp[((2 * tid + 2) << s) - 1] += temp[((2 * tid + 1) << s) - 1];
  }
  if (tid == 0)
    temp[N - 1] = 0;  // clear the root
  for (int s = LOG_N - 1; s >= 0; s--) {  // down-sweep: distribute the partial sums
    __syncthreads();
    if (tid < (N >> (s + 1))) {
      unsigned ai = ((2 * tid + 1) << s) - 1, bi = ((2 * tid + 2) << s) - 1;
      float t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  out[blockIdx.x * N + 2 * tid] = temp[2 * tid];
  out[blockIdx.x * N + 2 * tid + 1] = temp[2 * tid + 1];
}
