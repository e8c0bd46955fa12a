// Same consumer exchange as named_bar_consumers_ok.cu, but the first barrier counts the
// whole block: bar.sync 1, 384.
// Bug: only the 256 consumer threads ever execute barrier 1; the producer warpgroup never
// arrives, so the barrier waits for 384 threads forever (a hang of the consumers; later
// instances with count 256 would also pair with the wrong arrivals). Reported at the
// bar.sync whose count differs from the number of threads that execute it.
// syncproof-args: --block 384 --grid 1:65535

__global__ void consumers_exchange(const float* in, float* out, float* stats) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  if (t < 128) {
    stats[blockIdx.x * 128 + t] = in[blockIdx.x * 256 + t] * 0.5f;
  } else {
    unsigned c = t - 128;
    s[c] = in[blockIdx.x * 256 + c];
    asm volatile("bar.sync 1, 384;" ::: "memory");  // expected-barrier-mismatch {{thread count}}
    float v = s[255 - c];
    asm volatile("bar.sync 1, 256;" ::: "memory");
    s[c] = v * v;
    asm volatile("bar.sync 1, 256;" ::: "memory");
    out[blockIdx.x * 256 + c] = s[(c + 1) % 256];
  }
}
