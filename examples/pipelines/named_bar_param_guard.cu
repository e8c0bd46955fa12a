// Producer/consumer roles as in roles_setmaxnreg_ok.cu, but the consumers pass the
// barrier only when the parameter n is positive.
// Which threads execute the bar.sync depends on n, not only on threadIdx: the thread
// count of the instance is not a per-thread constant, and syncproof does not split on
// parameter values for named barriers yet, so it says unknown (never proved). (With n <= 0
// the producer's bar.arrive 1, 384 instance would never complete: a real defect for
// such n.)
// syncproof-args: --block 384 --grid 1:65535
__global__ void roles(const float* in, float* out, int n) {
  __shared__ float s[128];
  unsigned t = threadIdx.x, wg = t / 128;
  if (wg == 0) {
    s[t] = in[blockIdx.x * 128 + t];
    asm volatile("bar.arrive 1, 384;" ::: "memory");
  } else if (n > 0) {
    asm volatile("bar.sync 1, 384;" ::: "memory");  // expected-unknown {{depends on values other than threadIdx}}
    unsigned c = t - 128;
    out[blockIdx.x * 256 + c] = s[c % 128];
  }
}
