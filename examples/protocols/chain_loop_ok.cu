// A chain of steps between blocks, written as the loop it is (the unrolled form is
// chain_ok.cu): in step s, block b waits for block b-1's flag of that step (volatile spin +
// __threadfence()), reads the row block b-1 wrote in that step, writes its own row and
// publishes it (__threadfence() + atomicExch). Flags are 0 at launch; flags[s * 132 + b] is
// written once, by block b in step s.
// Correct for every step count in the range: the flag of (step, block) has exactly one writer
// instance, so a wait that sees it set is ordered after the write of that step; the waits
// form a chain ranked by (step, block) (block 0 never waits), so none is left waiting.
// syncproof-args: --block 256 --grid 132 --cooperative --param steps=1:1000
// expected-no-diagnostics

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
    if (t == 0) {
      __threadfence();
      atomicExch(&flags[s * 132 + b], 1u);
    }
  }
}
