// A broadcast from lane 0 whose mask depends on the lane: lanes 0-15 pass 0xffff, lanes 16-31
// 0xffffffff. Bug: the full mask names lanes 0-15, which execute the shuffle with another
// mask; the result is undefined (on sm_70+ lanes 16-31 wait for lanes 0-15 to arrive with the
// same mask). Before session 14 only whether a named lane reaches the statement was checked
// (proved).
// syncproof-args: --block 256 --grid 1:1024

__global__ void broadcast(const float* in, float* out) {
  unsigned t = threadIdx.x, lane = t & 31;
  float v = in[blockIdx.x * 256 + t];
  v = __shfl_sync(lane < 16 ? 0x0000ffffu : 0xffffffffu, v, 0);  // expected-warp-sync {{executes it with another mask (0xffff)}}
  out[blockIdx.x * 256 + t] = v;
}
