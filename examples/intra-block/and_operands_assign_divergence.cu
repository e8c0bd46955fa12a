// Here `((k = 0) == 0) && ((k = 1) == 1)` is true, so only threads 0-31 reach the barrier:
// divergence. Before session 22 the model read k == 1 for the left operand (false: no barrier) and proved it.
// syncproof-args: --block 64 --grid 2
__global__ void k(int* out) {
  __shared__ int r[64];
  unsigned t = threadIdx.x;
  int k = 0;
  bool b = ((k = 0) == 0) && ((k = 1) == 1);   // really always true
  if (b && t < 32) __syncthreads();             // real: barrier reached by only half the block  // expected-divergence {{barrier divergence}}
  r[t] = t;
  out[blockIdx.x * 64 + t] = r[t];
}
