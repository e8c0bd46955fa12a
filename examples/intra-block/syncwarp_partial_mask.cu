// The first 16 lanes of each warp add neighbouring pairs of the 16 values staged by
// lanes 0..15.
// Bug: since only lanes 0..15 consume the data, the mask names only them, but all 32
// lanes execute the __syncwarp; a lane executing __syncwarp(mask) must be in mask
// (undefined behaviour otherwise). Use the full mask, or move it into the if.
// syncproof-args: --block 128 --grid 1:65535

__global__ void warp_pairs(float* out, const float* in) {
  __shared__ float s[128];
  unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
  s[t] = in[blockIdx.x * 128 + t];
  __syncwarp(0x0000ffffu);  // expected-warp-sync {{which its mask 0xffff does not include}}
  if (lane < 16)
    out[blockIdx.x * 64 + warp * 16 + lane] = s[t] + s[t ^ 1];
}
