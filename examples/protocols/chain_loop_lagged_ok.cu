// A chain of steps between blocks whose signal lags one step behind the data (a software
// pipeline): in step s block b publishes the row it wrote in step s - 1 (flags[(s - 1) * 132
// + b], after a __threadfence()), and block b + 1 waits for that flag in step s before reading
// the row. The last step's rows are not read.
// Correct: the row of step s - 1 is written in iteration s - 1 and released by the flag store
// of iteration s (a later iteration of the same thread); the wait in step s acquires it.
// syncproof-args: --block 256 --grid 132 --cooperative --param steps=1:1000
// expected-no-diagnostics

__global__ void chain_lagged(float* data, float* out, unsigned* flags, int steps) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  for (int s = 0; s < steps; ++s) {
    if (b > 0 && s > 0 && t == 0) {
      while (((volatile unsigned*)flags)[(s - 1) * 132 + b - 1] == 0u) {}
      __threadfence();
    }
    __syncthreads();
    if (b > 0 && s > 0)
      out[((s - 1) * 132 + b) * 256 + t] = data[((s - 1) * 132 + b - 1) * 256 + t];
    data[(s * 132 + b) * 256 + t] = 1.0f;
    __syncthreads();
    if (t == 0 && s > 0) {
      __threadfence();
      atomicExch(&flags[(s - 1) * 132 + b], 1u);
    }
  }
}
