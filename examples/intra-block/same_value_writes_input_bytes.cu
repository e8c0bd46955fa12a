// Thread 0 stores the int in[0]; thread 1 stores byte 1 of the same input word, read through an
// unsigned char pointer, into byte 1 of s[0]. Both store the same byte there: a possible race
// (unknown). The run of the whole launch does not compare parts of an input word read at two
// widths; the symbolic check does, and its finding stands for the run's race.
// syncproof-args: --block 64 --grid 1
__global__ void k(const int* in, int* out) {
  __shared__ int s[4];
  if (threadIdx.x == 0) s[0] = in[0];
  if (threadIdx.x == 1) ((unsigned char*)s)[1] = ((const unsigned char*)in)[1];  // expected-unknown {{possible data race on 's'}}
  __syncthreads();
  out[threadIdx.x] = s[0];
}
