// Every thread stores 0 to s[0] with nothing ordering the stores, then a barrier, then all
// read it. By the PTX memory model the stores race (two conflicting accesses, neither ordered
// nor morally strong), but both store the same value, so no read can tell which came last.
// syncproof reports such a pair as a possible race (unknown), not a violation: GPUVerify
// tolerates these "benign" write-write races too (docs/memory-model.md "Writes of one value").
// syncproof-args: --block 1:256 --grid 1:8
__global__ void k(int* out) {
  __shared__ int s[1];
  s[0] = 0;  // expected-unknown {{possible data race on 's'}}
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[0];
}
