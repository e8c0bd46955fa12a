// Every thread stores the block's __syncthreads_count result into one shared slot. The result
// is the same in every thread of the block (one value per barrier instance, whatever the
// input), so the unordered stores write one value: a possible race (unknown), not a violation
// (docs/memory-model.md "Writes of one value").
// syncproof-args: --block 128 --grid 1:8
__global__ void k(int* out, const int* in) {
  __shared__ int s[2];
  int c = __syncthreads_count(in[blockIdx.x * blockDim.x + threadIdx.x] > 0);
  s[0] = c;  // expected-unknown {{possible data race on 's'}}
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[0];
}
