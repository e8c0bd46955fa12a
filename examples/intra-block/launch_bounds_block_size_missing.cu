// A block-wide reversal through a 256-slot shared buffer, correct only for blocks of at most
// 256 threads (thread t and thread t + 256 would share a slot). The contract leaves the
// block size free, but makes every larger launch fail
// (cudaErrorInvalidValue): no block that runs has more than 256 threads, and syncproof
// takes that bound (the proof states it). Without the attribute, blocks of 257 to 1024
// threads race (launch_bounds_block_size_missing.cu).
// syncproof-args: --grid 1:1024 --block 1:1024
// (examples/intra-block/launch_bounds_block_size_ok.cu without __launch_bounds__)
__global__ void reverse(float* data) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  float* row = data + blockIdx.x * 1024;
  s[t % 256] = row[t];  // expected-race {{data race on 's' (shared memory, within a block)}}
  __syncthreads();
  row[t] = s[(blockDim.x - 1 - t) % 256];
}
