// Warp-specialized block of 384 threads: warpgroup 0 (threads 0-127) writes per-block
// statistics to global memory and never synchronizes with the others; the 256 threads of
// warpgroups 1-2 exchange values through shared memory and synchronize among themselves
// with the named barrier bar.sync 1, 256 (inline PTX), twice.
// Correct: exactly the 256 consumer threads (8 whole warps) execute each bar.sync 1, 256, so
// every instance completes with the right participants, and the producer warpgroup, which
// never waits there, cannot hold it up or be counted in it.
// syncproof-args: --block 384 --grid 1:65535
// expected-no-diagnostics

__global__ void consumers_exchange(const float* in, float* out, float* stats) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  if (t < 128) {
    stats[blockIdx.x * 128 + t] = in[blockIdx.x * 256 + t] * 0.5f;
  } else {
    unsigned c = t - 128;
    s[c] = in[blockIdx.x * 256 + c];
    asm volatile("bar.sync 1, 256;" ::: "memory");
    float v = s[255 - c];
    asm volatile("bar.sync 1, 256;" ::: "memory");
    s[c] = v * v;
    asm volatile("bar.sync 1, 256;" ::: "memory");
    out[blockIdx.x * 256 + c] = s[(c + 1) % 256];
  }
}
