// Stage-1 fan-in with a counter per stage: blocks 1..G-1 write their row, fence, and count
// themselves in counters[0] (counters[1] belongs to the next kernel of the pipeline); block 0
// waits until counters[0] == gridDim.x - 1 and sums the rows column-wise.
// Correct: release (fence + atomicAdd) / acquire (volatile spin + fence). Only block 0 waits,
// for blocks that never wait, so a plain launch of any size cannot hang. (counters[] are 0 at
// launch.)
// syncproof-args: --block 256 --grid 2:65535
// expected-no-diagnostics

__global__ void stage1_combine(const float* in, float* rows, unsigned* counters, float* total) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  if (b > 0) {
    rows[b * 256 + t] = in[b * 256 + t] * in[b * 256 + t];
    __syncthreads();
    if (t == 0) {
      __threadfence();
      atomicAdd(&counters[0], 1u);  // stage 1 done for this row
    }
  } else {
    if (t == 0) {
      while (*(volatile unsigned*)&counters[0] < gridDim.x - 1) {}
      __threadfence();
    }
    __syncthreads();
    float s = 0.0f;
    for (unsigned r = 1; r < gridDim.x; r++)
      s += rows[r * 256 + t];
    total[t] = s;
  }
}
