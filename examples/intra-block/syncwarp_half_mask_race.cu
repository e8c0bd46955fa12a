// Lanes 0..15 execute __syncwarp(0x0000ffff) and read s[t + 16], staged by lane t + 16.
// Bug: lanes 16..31 take no part in that __syncwarp, so their stores are not ordered
// before the reads of lanes 0..15: a race.
// syncproof-args: --block 128 --grid 1:65535

__global__ void warp_fold(float* out, const float* in) {
  __shared__ float s[128];
  unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
  s[t] = in[blockIdx.x * 128 + t];  // expected-race {{data race on 's' (shared memory, within a block)}}
  if (lane < 16) {
    __syncwarp(0x0000ffffu);
    out[blockIdx.x * 64 + warp * 16 + lane] = s[t] + s[t + 16];
  }
}
