// Warps 0-1 of a 128-thread block exchange values among themselves with a named barrier
// (bar.sync 1, 64), then all 4 warps meet at __syncthreads() (barrier 0, all threads) before
// warps 2-3 read what warps 0-1 produced.
// Correct: barrier 0 is used only by __syncthreads() (all 128 threads, every time); the
// partial barrier of warps 0-1 has its own id, so the two never meet in one instance.
// syncproof-args: --block 128 --grid 1:65535
// expected-no-diagnostics

__global__ void half_then_all(const float* in, float* out) {
  __shared__ float s[64], r[64];
  unsigned t = threadIdx.x;
  if (t < 64) {
    s[t] = in[blockIdx.x * 64 + t];
    asm volatile("bar.sync 1, 64;" ::: "memory");
    r[t] = s[t] + s[63 - t];
  }
  __syncthreads();
  if (t >= 64)
    out[blockIdx.x * 64 + t - 64] = r[t - 64] * r[127 - t];
}
