// __ballot_sync(0x0000ffff, ...) executed by all 32 lanes: lanes 16-31 are not in the mask
// they pass (a lane must be in the mask of the collective it executes; PTX ISA vote.sync).
// syncproof-args: --block 64 --grid 1:1024
__global__ void half_vote(const int* in, unsigned* out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned b = __ballot_sync(0x0000ffffu, in[t] > 0);  // expected-warp-sync {{which its mask}}
  out[t] = b;
}
