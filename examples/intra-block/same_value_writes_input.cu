// Every thread copies in[0], memory no thread of the launch writes, into one shared slot: the
// value is not known, but it is one value, read from one address. The run of the launch
// keeps such a value as a token of its address, and the symbolic checks read one address
// as one value: a possible race (unknown), not a violation (docs/memory-model.md "Writes of
// one value").
// syncproof-args: --block 128 --grid 1
__global__ void k(int* out, const int* in) {
  __shared__ int s[2];
  s[0] = in[0];  // expected-unknown {{possible data race on 's'}}
  __syncthreads();
  out[threadIdx.x] = s[0];
}
