// Same roles as named_bar_write_after_arrive.cu, but the producer warpgroup writes s[t]
// *before* bar.arrive 1, 384 (published correctly) and then overwrites it with 1.0f after
// the arrival; the consumers bar.sync 1, 384 and read s[].
// Bug: the arrival publishes only the first write. The second write is unordered with the
// consumers' reads after their bar.sync (which may complete before it), so they read either
// value. Reported at the overwrite; the first write is ordered and not reported.
// syncproof-args: --block 384 --grid 1:65535
__global__ void roles(const float* in, float* out) {
  __shared__ float s[128];
  unsigned t = threadIdx.x, wg = t / 128;
  if (wg == 0) {
    s[t] = in[blockIdx.x * 128 + t];
    asm volatile("bar.arrive 1, 384;" ::: "memory");
    s[t] = 1.0f;  // expected-race {{data race on 's'}}
  } else {
    asm volatile("bar.sync 1, 384;" ::: "memory");
    unsigned c = t - 128;
    out[blockIdx.x * 256 + c] = s[c % 128];
  }
}
