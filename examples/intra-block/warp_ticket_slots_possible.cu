// Lane 0 of each warp claims a tile with atomicAdd and leaves it in s_tile[warp]; after the
// barrier every lane writes its element of its warp's tile. Correct: two warps hold two
// different tickets. The checker reads s_tile as memory the kernel writes, one arbitrary
// value per address, so its counterexample needs two warps' slots to hold equal values; the
// race does not happen for every value those loads may read, so it is reported as possible
// (unknown), naming the load, not as a violation.
// syncproof-args: --block 256 --grid 1:16
__global__ void k(float *out, const float *in, unsigned *ctr) {
  __shared__ unsigned s_tile[8];
  unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0) s_tile[warp] = atomicAdd(ctr, 1u);
  __syncthreads();
  unsigned t = s_tile[warp];
  out[t * 32 + lane] = in[blockIdx.x * 256 + threadIdx.x];  // expected-unknown {{possible data race on 'out'}}
}
