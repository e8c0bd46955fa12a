// Fan-in through a counter: every block b > 0 stores its value in partial[b] and counts itself
// with atomicAdd(count, 1); block 0 waits until the count is gridDim.x - 1, fences, and reads
// every partial value.
// Bug: no __threadfence() between the store to partial[b] and the atomicAdd. CUDA's atomicAdd
// is atom.relaxed.gpu: it orders nothing before it, so block 0 can see the final count and
// still read a stale partial[b] (missing release). The unordered partial[b] write/read pair is
// reported as this ordering finding, not as an extra race.
// syncproof-args: --block 256 --grid 1:65535

__global__ void fan_in(const float* in, float* partial, unsigned* count, float* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  if (b > 0) {
    if (t == 0) {
      partial[b] = in[b];
      atomicAdd(count, 1u);  // expected-ordering {{missing release}}
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
