// BUG (barrier divergence): __syncthreads() inside a loop under a thread-dependent condition:
// even threads reach it in iteration 0, odd threads in iteration 1. Each thread calls the same
// __syncthreads statement exactly once, so the concrete prover's instance 0 gets 64 arrivals
// at one statement and completes. CUDA/PTX: bar.sync is .aligned; in conditional code it is
// only allowed when the condition evaluates identically across the block (otherwise undefined:
// hang or unintended results). Here even and odd lanes of one warp disagree.
// Found by the session-18 review of the concrete prover (docs/concrete.md), which gives up
// on it; the expected findings are the symbolic checker's.
// syncproof-args: --block 64 --grid 1
__global__ void k(const float* in, float* out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  for (unsigned i = 0; i < 2; i++) {
    if ((t & 1u) == i) {
      __syncthreads();
      out[t] = s[63 - t];
    }
  }
}
// expected-unknown@-5 {{possible barrier divergence: '__syncthreads' is reached by}}
// expected-unknown@-8 {{not modelled: loop contains a barrier that is not executed}}
