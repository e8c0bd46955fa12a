// As row_scale_backwards_ok.cu, but the walk starts one element too far: thread 0 of block b
// starts at i = n, the first element of block b + 1's row, which that block also doubles.
// syncproof-args: --block 256 --grid 1:65535 --param n=1:1048576
__global__ void row_scale_backwards(float* rows, int n) {
  float* row = rows + (size_t)blockIdx.x * n;
  for (int i = n - (int)threadIdx.x; i >= 0; i -= blockDim.x)
    row[i] = 2.0f * row[i]; // expected-race {{conflicts with read}} expected-race {{conflicts with write}}
}
