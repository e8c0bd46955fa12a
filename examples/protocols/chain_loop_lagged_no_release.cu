// chain_loop_lagged_ok.cu (a step chain whose flag store lags one step behind the data)
// without the __threadfence() before the flag's atomicExch.
// Bug: the relaxed atomicExch of step s does not release the row written in step s - 1
// (__syncthreads() orders it before thread 0 within the block only). Reported at the signal.
// syncproof-args: --block 256 --grid 132 --cooperative --param steps=1:1000

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
    if (t == 0 && s > 0)
      atomicExch(&flags[(s - 1) * 132 + b], 1u);  // expected-ordering {{missing release}}
  }
}
