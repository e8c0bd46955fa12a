// Two-phase normalisation with a hand-made grid barrier: thread 0 of every block stores the
// block's partial value, fences, counts its block with atomicAdd(arrived, 1), spins until
// arrived >= gridDim.x and fences again; then every thread reads all partial values.
// Correct: the fences make the arrival a release and the spin an acquire; the target
// gridDim.x is reached because every block adds 1 before it waits. Every block waits for every
// other block, so all must be resident at once: the launch is cooperative
// (cudaLaunchCooperativeKernel), which guarantees it. (arrived is 0 at launch.)
// syncproof-args: --block 256 --grid 1:1024 --cooperative
// expected-no-diagnostics

__global__ void normalise(float* x, float* partial, unsigned* arrived) {
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
  x[b * 256 + t] /= total;
}
