// Stage-1 fan-in with a counter per stage: blocks 1..G-1 write their row, fence, and count
// themselves in counters[0]; block 0 waits for all of them and sums the rows.
// Bug: block 0 waits on counters[1] (the next stage's counter, copied from the stage-2 code),
// which no block of this kernel increments; it is 0 at launch and the target gridDim.x - 1 >= 1
// is never reached: block 0 hangs.
// (The reads of rows after the wait never execute, so there is no race on rows to report.)
// syncproof-args: --block 256 --grid 2:65535

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
      while (*(volatile unsigned*)&counters[1] < gridDim.x - 1) {}  // expected-deadlock {{never reach}}
      __threadfence();
    }
    __syncthreads();
    float s = 0.0f;
    for (unsigned r = 1; r < gridDim.x; r++)
      s += rows[r * 256 + t];
    total[t] = s;
  }
}
