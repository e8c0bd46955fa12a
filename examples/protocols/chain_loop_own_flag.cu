// chain_loop_ok.cu (a chain of steps between blocks written as a loop) with the wait's index
// off by one: block b waits for flags[s * 132 + b], its own flag of the step.
// Bug: the only writer of that flag is thread 0 of block b itself, after the wait, so every
// block b > 0 spins forever in step 0 (a wait on work the same thread does later). Reported
// at the spin; block b's accesses after it never run, so nothing else is reported.
// syncproof-args: --block 256 --grid 132 --cooperative --param steps=1:1000

__global__ void chain(float* data, unsigned* flags, int steps) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  for (int s = 0; s < steps; ++s) {
    if (b > 0 && t == 0) {
      while (((volatile unsigned*)flags)[s * 132 + b] == 0u) {}  // expected-deadlock {{never reach}}
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
