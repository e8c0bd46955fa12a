// Same roles as roles_setmaxnreg_ok.cu without setmaxnreg, but the consumers also only
// arrive: bar.arrive 1, 384 on both sides.
// Bug: bar.arrive does not wait, so nothing orders the producer's write of s[t] before
// the consumers' read; the barrier's thread count is right (128 + 256 = 384), the race is
// reported at the write.
// syncproof-args: --block 384 --grid 1:65535
__global__ void roles(const float* in, float* out) {
  __shared__ float s[128];
  unsigned t = threadIdx.x, wg = t / 128;
  if (wg == 0) {
    s[t] = in[blockIdx.x * 128 + t];  // expected-race {{data race on 's'}}
    asm volatile("bar.arrive 1, 384;" ::: "memory");
  } else {
    asm volatile("bar.arrive 1, 384;" ::: "memory");
    unsigned c = t - 128;
    out[blockIdx.x * 256 + c] = s[c % 128] * (c < 128 ? 1.0f : -1.0f);
  }
}
