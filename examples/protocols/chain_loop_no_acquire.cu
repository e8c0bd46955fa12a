// chain_loop_ok.cu (a chain of steps between blocks written as a loop) without the
// __threadfence() after the volatile spin.
// Bug: the volatile load that sees block b-1's flag is relaxed; without a fence after it the
// row read of the same step may be served before the flag and miss block b-1's write.
// Reported at the spin, in every step.
// syncproof-args: --block 256 --grid 132 --cooperative --param steps=1:1000

__global__ void chain(float* data, unsigned* flags, int steps) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  for (int s = 0; s < steps; ++s) {
    if (b > 0 && t == 0) {
      while (((volatile unsigned*)flags)[s * 132 + b - 1] == 0u) {}  // expected-ordering {{missing acquire}}
    }
    __syncthreads();
    data[(s * 132 + b) * 256 + t] = (b > 0 ? data[(s * 132 + b - 1) * 256 + t] : 0.0f) + 1.0f;
    __syncthreads();
    if (t == 0) {
      __threadfence();
      atomicExch(&flags[s * 132 + b], 1u);
    }
  }
}
