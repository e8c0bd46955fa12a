// The grid-stride loop of grid_stride_symbolic_grid_ok.cu with an unsigned bound that may be
// as large as 2^32 - 1: i + stride wraps modulo 2^32 and, when the stride does not divide 2^32,
// comes back below n at an element another thread owns. A real race (and an out-of-bounds
// walk); the exact closed form needs n + stride <= 2^32, which this range does not give.
// syncproof-args: --block 256 --grid 1:4096 --param n=0:4294967295
__global__ void add_one(float* x, unsigned n) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    x[i] = x[i] + 1.0f;  // expected-race {{conflicts with read 'x[i]'}} expected-race {{conflicts with write 'x[i]'}}
}
