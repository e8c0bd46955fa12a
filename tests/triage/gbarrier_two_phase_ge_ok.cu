// Two grid barriers on one monotone counter, cooperative launch: barrier 1 waits until
// arrived >= gridDim.x, barrier 2 until arrived >= 2 * gridDim.x (nobody resets the counter).
// Correct: a block that passed barrier 1 early may already add its barrier-2 arrival before a
// slow block re-reads the counter; the count then exceeds gridDim.x, which `>=` accepts.
// (arrived is 0 at launch.)
// syncproof-args: --block 256 --grid 1:1024 --cooperative
// expected-no-diagnostics

__global__ void two_phase(float* x, float* partial, float* scaled, unsigned* arrived) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  if (t == 0) {
    partial[b] = x[b * 256];
    __threadfence();
    atomicAdd(arrived, 1u);
    while (*(volatile unsigned*)arrived < gridDim.x) {}
    __threadfence();
  }
  __syncthreads();
  float total = 0.0f;
  for (unsigned i = 0; i < gridDim.x; i++)
    total += partial[i];
  if (t == 0) {
    scaled[b] = partial[b] / total;
    __threadfence();
    atomicAdd(arrived, 1u);
    while (*(volatile unsigned*)arrived < 2 * gridDim.x) {}
    __threadfence();
  }
  __syncthreads();
  float m = 0.0f;
  for (unsigned i = 0; i < gridDim.x; i++)
    m = fmaxf(m, scaled[i]);
  x[b * 256 + t] *= m;
}
