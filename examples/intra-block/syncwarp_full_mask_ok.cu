// The first 16 lanes of each warp add neighbouring pairs of the 16 values staged by
// lanes 0..15; __syncwarp() with the full mask is executed by all 32 lanes.
// syncproof-args: --block 128 --grid 1:65535
// expected-no-diagnostics

__global__ void warp_pairs(float* out, const float* in) {
  __shared__ float s[128];
  unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
  s[t] = in[blockIdx.x * 128 + t];
  __syncwarp(0xffffffffu);
  if (lane < 16)
    out[blockIdx.x * 64 + warp * 16 + lane] = s[t] + s[t ^ 1];
}
