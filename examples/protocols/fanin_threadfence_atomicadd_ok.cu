// Fan-in through a counter: every block b > 0 stores its value in partial[b], makes it
// visible with __threadfence() and counts itself with atomicAdd(count, 1); block 0 waits until
// the count is gridDim.x - 1, fences, and reads every partial value.
// Correct: __threadfence() (fence.sc.gpu) before the strong atomicAdd is a release pattern; the
// volatile load (relaxed.sys) that sees the final count, followed by __threadfence(), is an
// acquire pattern; through the chain of atomicAdds block 0 observes every producer's release.
// Only block 0 waits, and only for blocks that never wait, so no co-residency is needed: a
// plain <<<>>> launch of any size cannot hang. (count is 0 at launch.)
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__global__ void fan_in(const float* in, float* partial, unsigned* count, float* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  if (b > 0) {
    if (t == 0) {
      partial[b] = in[b];
      __threadfence();
      atomicAdd(count, 1u);
    }
  } else {
    if (t == 0) {
      while (*(volatile unsigned*)count < gridDim.x - 1) {}
      __threadfence();
    }
    __syncthreads();
    float s = 0.0f;
    for (unsigned i = t + 1; i < gridDim.x; i += 256)
      s += partial[i];
    out[t] = s;
  }
}
