// Thread t copies its elements of `in` (t, t + blockDim.x, ...), last first, into its own slice
// of 16 entries of `out`, with an unsigned counter that stops when `i -= blockDim.x` wraps below
// 0 to a value of at least n (`for (unsigned i = n - 1 - t; i < n; i -= blockDim.x)`).
// Correct: n <= 16 * blockDim.x, so a thread runs at most 16 iterations and j stays below 16;
// n + blockDim.x <= 2^32, so the first wrap ends the loop and no later wrap-around is reached.
// syncproof-args: --block 256 --grid 1 --param n=1:4096
// expected-no-diagnostics

__global__ void reverse_slices(const float* in, float* out, unsigned n) {
  int j = 0;
  for (unsigned i = n - 1 - threadIdx.x; i < n; i -= blockDim.x, ++j)
    out[threadIdx.x * 16 + j] = in[i];
}
