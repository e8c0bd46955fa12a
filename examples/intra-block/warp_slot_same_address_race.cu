// Thread 0 leaves one index in s_idx; after the barrier every thread writes out[s_idx]. Two
// threads of a block load one address and so read one value, whatever it is: they write
// one element of out, a race for every value the load may read (a violation).
// syncproof-args: --block 128 --grid 1:16
__global__ void k(float *out, const float *in, const int *idx) {
  __shared__ int s_idx[4];
  if (threadIdx.x < 4) s_idx[threadIdx.x] = idx[blockIdx.x * 4 + threadIdx.x] + (int)threadIdx.x;
  __syncthreads();
  out[s_idx[blockIdx.x % 4]] = in[threadIdx.x];  // expected-race {{data race on 'out'}}
}
