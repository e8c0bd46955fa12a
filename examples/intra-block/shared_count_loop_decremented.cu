// shared_count_loop_ok.cu, but thread 0 counts the tiles down in the loop itself, after the
// last __syncthreads() of the iteration: the other threads re-read `n` in the loop's test
// while thread 0 may already have written it (a race), so they may read different counts,
// leave the loop after different iterations and miss each other's __syncthreads().
// A write to `n` after the barrier means its loads are no longer one value per block; the
// divergent loop also leaves lanes out of the __syncwarp() (warp-sync).
// syncproof-args: --block 256 --grid 1:65535

__global__ void segment_sums(const float* in, const int* seg_start, float* out) {
  __shared__ int n;
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  if (t == 0) n = (seg_start[blockIdx.x + 1] - seg_start[blockIdx.x] + 255) / 256;
  __syncthreads();
  float acc = 0.f;
  for (int k = 0; k < n; ++k) {  // expected-unknown {{possible barrier divergence: the loop}}
    tile[t] = in[seg_start[blockIdx.x] + k * 256 + t];
    __syncwarp();  // expected-unknown {{but that lane does not reach it}}
    if (t % 32 < 16) tile[t] += tile[t + 16];  // a first warp-level step, ordered by __syncwarp
    __syncthreads();  // expected-unknown {{barrier divergence}}
    acc += tile[255 - t];
    __syncthreads();  // expected-unknown {{barrier divergence}}
    if (t == 0) n = n - 1;  // expected-unknown {{data race on 'n'}}
  }
  out[blockIdx.x * 256 + t] = acc;
}
