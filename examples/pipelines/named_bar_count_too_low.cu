// Same consumer exchange as named_bar_consumers_ok.cu, but every barrier was written
// bar.sync 1, 128 ("one warpgroup").
// Bug: 256 threads execute barrier 1 with count 128. The hardware completes an instance as
// soon as any 4 warps have arrived, so the two warpgroups can pass in two separate instances
// (and the first 4 warps to arrive may even mix both): reading s[255 - c], written by the
// other warpgroup, is no longer ordered after its write. Reported at each bar.sync whose
// count differs from the threads executing it (3 findings); the races are not reported.
// syncproof-args: --block 384 --grid 1:65535

__global__ void consumers_exchange(const float* in, float* out, float* stats) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  if (t < 128) {
    stats[blockIdx.x * 128 + t] = in[blockIdx.x * 256 + t] * 0.5f;
  } else {
    unsigned c = t - 128;
    s[c] = in[blockIdx.x * 256 + c];
    asm volatile("bar.sync 1, 128;" ::: "memory");  // expected-barrier-mismatch {{thread count}}
    float v = s[255 - c];
    asm volatile("bar.sync 1, 128;" ::: "memory");  // expected-barrier-mismatch {{thread count}}
    s[c] = v * v;
    asm volatile("bar.sync 1, 128;" ::: "memory");  // expected-barrier-mismatch {{thread count}}
    out[blockIdx.x * 256 + c] = s[(c + 1) % 256];
  }
}
