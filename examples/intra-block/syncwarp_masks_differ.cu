// Lanes 0-15 execute __syncwarp(0xffff), lanes 16-31 the same statement with 0xffffffff, and
// every lane then reads the slot of lane t ^ 16. Two defects: the full mask of lanes 16-31
// names lanes 0-15, which execute the __syncwarp with another mask (undefined: every named
// lane must execute one with the same mask), and lane 0 is not ordered after lane 16's write
// (its mask does not name lane 16). Before session 14 both were missed (proved).
// syncproof-args: --block 256 --grid 1:1024

__global__ void exchange(const float* in, float* out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x, lane = t & 31;
  s[t] = in[blockIdx.x * 256 + t];  // expected-race {{write 's[t]' conflicts with read 's[t ^ 16]'}}
  __syncwarp(lane < 16 ? 0x0000ffffu : 0xffffffffu);  // expected-warp-sync {{executes it with another mask (0xffff)}}
  out[blockIdx.x * 256 + t] = s[t ^ 16];
}
