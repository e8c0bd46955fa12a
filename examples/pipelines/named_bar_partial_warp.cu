// Threads 0-99 of a 128-thread block stage values and meet at bar.sync 1, 128.
// Bug: bar.sync is .aligned (PTX ISA: barrier): all threads of a warp must execute it, but
// only 4 of the 32 threads of warp 3 do. Reported once at the barrier, as a divergence
// (its thread count, 100 for 128, is the same defect and not reported again).
// syncproof-args: --block 128 --grid 1:65535
__global__ void partial(const float* in, float* out) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  if (t < 100) {
    s[t] = in[blockIdx.x * 128 + t];
    asm volatile("bar.sync 1, 128;" ::: "memory");  // expected-divergence {{executed by 4 of the 32 threads of warp 3}}
    out[blockIdx.x * 128 + t] = s[99 - t];
  }
}
