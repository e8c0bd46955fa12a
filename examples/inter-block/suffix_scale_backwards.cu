// Each block doubles the suffix row[first..n) of its own row, walking it from the end in steps
// of blockDim.x, with a two-part test (`i >= first && i >= 0`; the step is unsigned, so
// `i - blockDim.x` is computed modulo 2^32 and stored back into the int).
// Correct: the loop stops at the first index below max(first, 0), long before the counter
// could wrap around to a large positive value. syncproof's closed form for the counter does
// not know that a two-part test stops it at the first failure: an iteration after a
// wrap-around would write past the row, into another block's. The race it finds rests on
// such an iteration, and a test before it fails, so it is reported as possible, not as a
// violation (docs/encoding.md "Is the iteration the loop's own?").
// syncproof-args: --block 256 --grid 1:65535 --param n=1:1048576
__global__ void suffix_scale_backwards(float* rows, int n, int first) {
  float* row = rows + (size_t)blockIdx.x * n;
  for (int i = n - 1 - (int)threadIdx.x; i >= first && i >= 0; i -= blockDim.x)
    row[i] = 2.0f * row[i]; // expected-unknown {{which the loop may not reach}} expected-unknown {{which the loop may not reach}}
}
