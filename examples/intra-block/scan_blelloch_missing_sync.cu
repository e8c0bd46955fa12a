// Blelloch (work-efficient) exclusive scan of 512 values by 256 threads (GPU Gems 3, ch. 39).
// Bug: the up-sweep loop has lost its __syncthreads(), so level s+1 reads partial sums
// that other threads are still writing at level s (and level 0 reads the loaded values,
// and the root is cleared, while other threads may still be writing them).
// syncproof-args: --block 256 --grid 1:65535
#define N 512
#define LOG_N 9

__global__ void scan_blelloch(float* out, const float* in) {
  __shared__ float temp[N];
  unsigned tid = threadIdx.x;
  temp[2 * tid] = in[blockIdx.x * N + 2 * tid];
  temp[2 * tid + 1] = in[blockIdx.x * N + 2 * tid + 1];
  // expected-race@-1 {{data race on 'temp'}}  (vs. the up-sweep read of temp[ai])
  // expected-race@-2 {{data race on 'temp'}}  (vs. the up-sweep read of temp[bi])
  for (int s = 0; s < LOG_N; s++) {  // up-sweep: build partial sums in place
    if (tid < (N >> (s + 1)))
      temp[((2 * tid + 2) << s) - 1] += temp[((2 * tid + 1) << s) - 1];
  // expected-race@-1 {{data race on 'temp'}}  (vs. the write of the loaded value)
  // expected-race@-2 {{data race on 'temp'}}  (vs. the read of temp[ai] at another level)
  // expected-race@-3 {{data race on 'temp'}}  (vs. the read of temp[bi] at another level)
  // expected-race@-4 {{data race on 'temp'}}  (vs. its own write at another level)
  }
  if (tid == 0)
    temp[N - 1] = 0;  // clear the root
  // expected-race@-1 {{data race on 'temp'}}  (vs. the write of the loaded value)
  // expected-race@-2 {{data race on 'temp'}}  (vs. the up-sweep read of temp[bi])
  // expected-race@-3 {{data race on 'temp'}}  (vs. the up-sweep write of temp[bi])
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
