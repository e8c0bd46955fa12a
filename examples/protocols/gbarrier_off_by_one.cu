// Two-phase normalisation with a hand-made grid barrier, cooperative launch.
// Bug: the spin waits until arrived >= gridDim.x + 1, but only gridDim.x blocks each add 1
// (and arrived is 0 at launch): the target can never be reached and every block hangs.
// (The reads after the wait never execute, so there is no race on partial to report.)
// syncproof-args: --block 256 --grid 1:1024 --cooperative

__global__ void normalise(float* x, float* partial, unsigned* arrived) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  if (t == 0) {
    partial[b] = x[b * 256];
    __threadfence();
    atomicAdd(arrived, 1u);
    while (*(volatile unsigned*)arrived < gridDim.x + 1) {}  // expected-deadlock {{never reach}}
    __threadfence();
  }
  __syncthreads();
  float total = 0.0f;
  for (unsigned i = 0; i < gridDim.x; i++)
    total += partial[i];
  x[b * 256 + t] /= total;
}
