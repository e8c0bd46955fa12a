// Thread 0 computes the number of tiles of its block's segment into a __shared__ variable,
// __syncthreads(), and every thread runs a __syncthreads() loop up to that count, re-reading
// the shared variable in the loop's test (the most common way to broadcast a loop bound).
// Every thread reads `n` after the first __syncthreads() and nothing writes it after that
// barrier, so all threads of a block read one value: the loop runs alike in all of them.
// syncproof reads such loads as one value per address within a block (docs/model.md "Loads of
// shared memory written before a barrier"); before, each thread's load was arbitrary and this
// kernel was reported as 3 barrier divergences. (The warp-level step with __syncwarp() keeps
// the block's threads from being ordered by collective barriers alone, so the equality
// abstraction of shared_flag_loop_ok.cu does not apply: this is the rule for values written
// before a barrier of the kernel's spine.)
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__global__ void segment_sums(const float* in, const int* seg_start, float* out) {
  __shared__ int n;
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  if (t == 0) n = (seg_start[blockIdx.x + 1] - seg_start[blockIdx.x] + 255) / 256;
  __syncthreads();
  float acc = 0.f;
  for (int k = 0; k < n; ++k) {
    tile[t] = in[seg_start[blockIdx.x] + k * 256 + t];
    __syncwarp();
    if (t % 32 < 16) tile[t] += tile[t + 16];  // a first warp-level step, ordered by __syncwarp
    __syncthreads();
    acc += tile[255 - t];
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}
