// Each block doubles its own row, walking it from the end in steps of blockDim.x
// (`for (i = n - 1 - threadIdx.x; i >= 0; i -= blockDim.x)`; the step is unsigned, so
// `i - blockDim.x` is computed modulo 2^32 and stored back into the int).
// Correct: the counter stops at the first value below 0, long before it could wrap around to
// a large positive value, so every index stays inside the block's own row.
// syncproof-args: --block 256 --grid 1:65535 --param n=1:1048576
// expected-no-diagnostics

__global__ void row_scale_backwards(float* rows, int n) {
  float* row = rows + (size_t)blockIdx.x * n;
  for (int i = n - 1 - (int)threadIdx.x; i >= 0; i -= blockDim.x)
    row[i] = 2.0f * row[i];
}
