// As reverse_slices_ok.cu, but n may reach 16 * blockDim.x + 1: thread 0 then runs 17 iterations
// and its 17th entry is the first entry of thread 1's slice.
// syncproof-args: --block 256 --grid 1 --param n=1:4097
__global__ void reverse_slices(const float* in, float* out, unsigned n) {
  int j = 0;
  for (unsigned i = n - 1 - threadIdx.x; i < n; i -= blockDim.x, ++j)
    out[threadIdx.x * 16 + j] = in[i]; // expected-race {{within a block}}
}
