// The divisor depends on the thread index and is 0 for thread 0: integer division by zero is
// undefined behaviour. The solver's x / 0 (all ones for unsigned) is not what the GPU
// computes, so before session 16 the check ran on a made-up value; now it is unknown at the
// statement. (A divisor read from memory may be 0 too; then the quotient is an arbitrary
// value, which needs no assumption.)
// syncproof-args: --block 64 --grid 1

__global__ void spread(float* out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  unsigned k = 64 / t;  // expected-unknown {{can divide by zero}}
  s[t] = (float)k;
  __syncthreads();
  out[t] = s[63 - t];
}
