// Warps 0-1 of a 128-thread block stage 64 values and synchronise on named barrier 1
// (64 threads) through inline PTX, then read each other's values.
// Correct: exactly the 64 threads of warps 0-1 execute bar.sync 1, 64, so its one instance
// orders every write before every read after it. (The asm has no "memory" clobber, as in
// CUTLASS's NamedBarrier; syncproof checks the order written in the source.)
// syncproof-args: --block 128 --grid 1:65535
// expected-no-diagnostics

__global__ void first_half_reverse(float* out, const float* in) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  if (t < 64) {
    s[t] = in[blockIdx.x * 64 + t];
    asm volatile("bar.sync 1, 64;");
    out[blockIdx.x * 64 + t] = s[63 - t];
  }
}
