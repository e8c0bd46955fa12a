// named_bar_loop_consumers_ok.cu, but the producer warp reads the consumers' buffer s:
// barrier 1 orders only the 256 consumers, so nothing orders the producer's read after a
// consumer's write (the group's barrier is not a block barrier).
// syncproof-args: --block 288 --grid 1:65535

__global__ void consumers_loop(const float* in, float* out, float* stats, int n) {
  int ktiles = n + (int)(blockIdx.x % 4);  // the same in every thread of a block: not unrolled (no parameter range decides it)
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  if (t >= 256) {
    unsigned lane = t - 256;
    stats[blockIdx.x * 32 + lane] = s[lane];
    return;
  }
  float acc = 0.f;
  for (int k = 0; k < ktiles; ++k) {
    s[t] = in[(blockIdx.x * ktiles + k) * 256 + t];  // expected-race {{data race on 's'}}
    asm volatile("bar.sync 1, 256;" ::: "memory");
    acc += s[255 - t];
    asm volatile("bar.sync 1, 256;" ::: "memory");
  }
  out[blockIdx.x * 256 + t] = acc;
}
