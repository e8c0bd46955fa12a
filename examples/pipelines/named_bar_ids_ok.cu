// Two consumer warpgroups (threads 128-255 and 256-383 of a 384-thread block) each reverse
// their own 128 values in shared memory and synchronize internally with a named barrier
// whose id is their warpgroup index: bar.sync 1, 128 and bar.sync 2, 128 (inline PTX with a
// register id). Warpgroup 0 does not take part.
// Correct: each barrier id is used by exactly one group of 4 whole warps, so an instance of
// barrier 1 cannot be completed by arrivals of warpgroup 2, and vice versa.
// syncproof-args: --block 384 --grid 1:65535
// expected-no-diagnostics

__global__ void per_group_reverse(const float* in, float* out) {
  __shared__ float s[384];
  unsigned t = threadIdx.x, wg = t / 128, l = t % 128;
  if (wg == 0)
    return;
  s[t] = in[blockIdx.x * 384 + t];
  asm volatile("bar.sync %0, 128;" ::"r"(wg) : "memory");
  out[blockIdx.x * 384 + t] = s[wg * 128 + 127 - l];
}
