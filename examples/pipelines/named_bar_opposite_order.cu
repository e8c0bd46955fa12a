// Two named barriers taken in opposite orders by the two warps that share them: warp 0 waits
// at barrier 1 then 2, warp 1 at barrier 2 then 1. Each barrier is executed by both warps
// with count 64 (the counts are right), but warp 0 waits at barrier 1 for warp 1, which waits
// at barrier 2 for warp 0: every execution hangs.
// syncproof-args: --block 64 --grid 1:65535
__global__ void swap_halves(float* out) {
  __shared__ float a[64], b[64];
  unsigned t = threadIdx.x;
  if (t < 32) {
    a[t] = 1.0f;
    asm volatile("bar.sync 1, 64;" ::: "memory");  // expected-deadlock {{cyclic wait}}
    asm volatile("bar.sync 2, 64;" ::: "memory");
    out[blockIdx.x * 64 + t] = b[t + 32];
  } else {
    b[t] = 2.0f;
    asm volatile("bar.sync 2, 64;" ::: "memory");
    asm volatile("bar.sync 1, 64;" ::: "memory");
    out[blockIdx.x * 64 + t] = a[t - 32];
  }
}
