// Warp-specialized block of 288 threads: warps 0-7 (threads 0-255) are consumers that
// exchange values through shared memory in a loop over k tiles, synchronizing among
// themselves with the named barrier bar.sync 1, 256 — twice per iteration: after the writes
// (read-after-write) and after the reads (write-after-read, before the next iteration's
// writes). Warp 8 is a producer that writes its own shared scratch and global memory and
// never executes barrier 1.
// Correct: only the 256 consumers execute barrier 1, every one of them executes the same
// instances (the guards and the trip count are uniform), so each instance holds exactly the
// 256 consumers and orders them like __syncthreads() would; the producer touches nothing
// the consumers do. syncproof checks the pairs of consumers with a second pair of threads
// that executes barrier 1 as the consumers' barrier (docs/pipelines.md "The barrier of a
// group"), the other pairs as before.
// syncproof-args: --block 288 --grid 1:65535
// expected-no-diagnostics

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
    s[t] = in[(blockIdx.x * ktiles + k) * 256 + t];
    asm volatile("bar.sync 1, 256;" ::: "memory");
    acc += s[255 - t];
    asm volatile("bar.sync 1, 256;" ::: "memory");
  }
  out[blockIdx.x * 256 + t] = acc;
}
