// Same roles as roles_setmaxnreg_ok.cu without setmaxnreg, but the producer warpgroup
// stages its value only after bar.arrive 1, 384.
// Bug: the arrival publishes nothing written after it; the consumers' bar.sync may
// complete before the write. Reported at the write.
// syncproof-args: --block 384 --grid 1:65535
__global__ void roles(const float* in, float* out) {
  __shared__ float s[128];
  unsigned t = threadIdx.x, wg = t / 128;
  if (wg == 0) {
    asm volatile("bar.arrive 1, 384;" ::: "memory");
    s[t] = in[blockIdx.x * 128 + t];  // expected-race {{data race on 's'}}
  } else {
    asm volatile("bar.sync 1, 384;" ::: "memory");
    unsigned c = t - 128;
    out[blockIdx.x * 256 + c] = s[c % 128] * (c < 128 ? 1.0f : -1.0f);
  }
}
