// Two-phase normalisation with a hand-made grid barrier, plain <<<>>> launch whose grid is
// bounded by the machine: at most 132 blocks on an H200 (132 SMs), and the kernel's resources
// allow at least 1 resident block per SM (what cudaOccupancyMaxActiveBlocksPerMultiprocessor
// reports), so all blocks are resident at once - assuming the kernel has the GPU to itself.
// The flags --device h200 --blocks-per-sm 1 (proposed) state that capacity: 132 x 1 blocks.
// Correct: the same barrier as gbarrier_cooperative_ok.cu; __nanosleep in the spin is backoff.
// syncproof-args: --block 256 --grid 1:132 --device h200 --blocks-per-sm 1
// expected-no-diagnostics

__global__ void normalise(float* x, float* partial, unsigned* arrived) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  if (t == 0) {
    partial[b] = x[b * 256];
    __threadfence();
    atomicAdd(arrived, 1u);
    while (*(volatile unsigned*)arrived < gridDim.x) __nanosleep(100);
    __threadfence();
  }
  __syncthreads();
  float total = 0.0f;
  for (unsigned i = 0; i < gridDim.x; i++)
    total += partial[i];
  x[b * 256 + t] /= total;
}
