// The first 16 lanes of each warp add neighbouring pairs of the 16 values staged by
// lanes 0..15; only those lanes stage, sync and read, and the mask names exactly them.
// syncproof-args: --block 128 --grid 1:65535
// expected-no-diagnostics

__global__ void warp_pairs(float* out, const float* in) {
  __shared__ float s[128];
  unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
  if (lane < 16) {
    s[t] = in[blockIdx.x * 128 + t];
    __syncwarp(0x0000ffffu);
    out[blockIdx.x * 64 + warp * 16 + lane] = s[t] + s[t ^ 1];
  }
}
