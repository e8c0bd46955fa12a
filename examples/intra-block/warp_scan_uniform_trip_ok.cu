// The warp scan written correctly: every lane runs the same iterations (d < width, the
// same for the whole warp; width is a parameter, so the loop is not unrolled) and only
// the addition depends on the lane. The lanes of a warp are paired in the same iteration
// (the collective pair): each executes each full-mask __shfl_up_sync.
// syncproof-args: --block 128 --grid 1:1024 --param width=1:32
// expected-no-diagnostics
__global__ void warp_scan(const int* in, int* out, unsigned width) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
  int v = in[t];
  for (unsigned d = 1; d < width; d <<= 1) {
    int up = __shfl_up_sync(0xffffffffu, v, d);
    if (lane >= d) v += up;
  }
  out[t] = v;
}
