// The twin of same_value_writes_input_bytes.cu: thread 1 stores byte 2 of the input word into
// byte 1 of s[0], which holds byte 1 in thread 0's store. They differ for some input: a race.
// syncproof-args: --block 64 --grid 1
__global__ void k(const int* in, int* out) {
  __shared__ int s[4];
  if (threadIdx.x == 0) s[0] = in[0];
  if (threadIdx.x == 1) ((unsigned char*)s)[1] = ((const unsigned char*)in)[2];  // expected-race {{data race on 's'}}
  __syncthreads();
  out[threadIdx.x] = s[0];
}
