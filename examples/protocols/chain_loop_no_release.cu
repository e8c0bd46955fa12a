// chain_loop_ok.cu (a chain of steps between blocks written as a loop) without the
// __threadfence() before the flag's atomicExch.
// Bug: __syncthreads() orders the block's row writes before thread 0's atomicExch only within
// the block (CTA scope); the relaxed atomicExch does not release them to block b+1. Reported
// at the signal.
// syncproof-args: --block 256 --grid 132 --cooperative --param steps=1:1000

__global__ void chain(float* data, unsigned* flags, int steps) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  for (int s = 0; s < steps; ++s) {
    if (b > 0 && t == 0) {
      while (((volatile unsigned*)flags)[s * 132 + b - 1] == 0u) {}
      __threadfence();
    }
    __syncthreads();
    data[(s * 132 + b) * 256 + t] = (b > 0 ? data[(s * 132 + b - 1) * 256 + t] : 0.0f) + 1.0f;
    __syncthreads();
    if (t == 0)
      atomicExch(&flags[s * 132 + b], 1u);  // expected-ordering {{missing release}}
  }
}
