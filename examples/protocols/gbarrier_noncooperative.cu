// Two-phase normalisation with a hand-made grid barrier (atomicAdd(arrived, 1), then spin until
// arrived >= gridDim.x), launched with a plain <<<>>> launch of up to 65535 blocks.
// Bug: every block waits for every other block, but a non-cooperative launch does not make
// the blocks co-resident: once the resident blocks all spin, the rest are never started and
// the count never reaches gridDim.x. The memory ordering is right; the launch is not.
// syncproof-args: --block 256 --grid 1:65535

__global__ void normalise(float* x, float* partial, unsigned* arrived) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  if (t == 0) {
    partial[b] = x[b * 256];
    __threadfence();
    atomicAdd(arrived, 1u);
    while (*(volatile unsigned*)arrived < gridDim.x) {}  // expected-deadlock {{co-resident}}
    __threadfence();
  }
  __syncthreads();
  float total = 0.0f;
  for (unsigned i = 0; i < gridDim.x; i++)
    total += partial[i];
  x[b * 256 + t] /= total;
}
