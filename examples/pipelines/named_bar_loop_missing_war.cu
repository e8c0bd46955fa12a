// The consumer loop of named_bar_loop_consumers_ok.cu without the second bar.sync 1, 256:
// a fast consumer writes s[t] for tile k+1 while a slow one still reads s[255 - t'] of
// tile k (write-after-read across iterations).
// syncproof-args: --block 288 --grid 1:65535

__global__ void consumers_loop(const float* in, float* out, float* stats, int n) {
  int ktiles = n + (int)(blockIdx.x % 4);  // the same in every thread of a block: not unrolled (no parameter range decides it)
  __shared__ float s[256];
  __shared__ float scratch[32];
  unsigned t = threadIdx.x;
  if (t >= 256) {
    unsigned lane = t - 256;
    scratch[lane] = in[blockIdx.x * 32 + lane];
    __syncwarp();
    stats[blockIdx.x * 32 + lane] = scratch[31 - lane];
    return;
  }
  float acc = 0.f;
  for (int k = 0; k < ktiles; ++k) {
    s[t] = in[(blockIdx.x * ktiles + k) * 256 + t];  // expected-race {{data race on 's'}}
    asm volatile("bar.sync 1, 256;" ::: "memory");
    acc += s[255 - t];
  }
  out[blockIdx.x * 256 + t] = acc;
}
