// Warp-specialized roles with register reallocation (sm_90a): block of 384 threads,
// __launch_bounds__(384, 1). Warpgroup 0 is the producer: all its 4 warps execute
// setmaxnreg.dec.sync.aligned.u32 40, then its threads stage values into shared memory and
// signal with bar.arrive 1, 384 (no wait). Warpgroups 1-2 are consumers: all 8 warps execute
// setmaxnreg.inc.sync.aligned.u32 232, wait with bar.sync 1, 384 and read.
// Correct: each setmaxnreg is executed by every warp of its warpgroup (PTX ISA setmaxnreg:
// the same instruction by all warps of a warpgroup); 128 x 40 + 256 x 232 registers fit the
// 64K register file. Barrier 1: 128 arriving + 256 syncing = its count 384.
// syncproof-args: --block 384 --grid 1:65535
// expected-no-diagnostics

__global__ void __launch_bounds__(384, 1) roles(const float* in, float* out) {
  __shared__ float s[128];
  unsigned t = threadIdx.x, wg = t / 128;
  if (wg == 0) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;" ::: "memory");
    s[t] = in[blockIdx.x * 128 + t];
    asm volatile("bar.arrive 1, 384;" ::: "memory");
  } else {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;" ::: "memory");
    asm volatile("bar.sync 1, 384;" ::: "memory");
    unsigned c = t - 128;
    out[blockIdx.x * 256 + c] = s[c % 128] * (c < 128 ? 1.0f : -1.0f);
  }
}
