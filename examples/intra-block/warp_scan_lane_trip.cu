// An inclusive warp scan whose loop stops early in low lanes: lane L runs
// `for (d = 1; d <= L; d <<= 1)`, so lane 0 never executes the full-mask __shfl_up_sync that
// lanes 1-31 execute in the first iteration (and lanes 1-3 leave before the third). Every
// lane named in the mask must execute the shuffle: undefined behaviour. The loop's trip
// count depends on the lane, so it is not unrolled; the lanes of a warp are paired in the
// same iteration (the collective pair) to check the mask.
// syncproof-args: --block 128 --grid 1:1024
__global__ void warp_scan(const int* in, int* out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
  int v = in[t];
  for (unsigned d = 1; d <= lane; d <<= 1) {
    int up = __shfl_up_sync(0xffffffffu, v, d);  // expected-warp-sync {{names lane}}
    v += up;
  }
  out[t] = v;
}
