// Every thread clears the block's two-int header with memset(s, 0, 8), unordered, then a
// barrier, then all read it. The front end models a memset of 1, 2, 4 or 8 bytes as a store of
// the fill byte repeated, so both the symbolic checks and the run of the launch see two
// writes of one value: a possible race (unknown), not a violation (docs/memory-model.md
// "Writes of one value").
// syncproof-args: --block 128 --grid 1:8
__global__ void k(int* out) {
  __shared__ int s[2];
  memset(s, 0, 8);  // expected-unknown {{possible data race on 's'}}
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[0] + s[1];
}
