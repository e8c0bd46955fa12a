// Two-phase normalisation with a hand-made grid barrier, plain <<<>>> launch, grid sized as
// "two blocks per SM" on an H200 (132 SMs): up to 264 blocks.
// Bug: the contract says only 1 block of this kernel fits on an SM (--blocks-per-sm 1, e.g.
// because of its shared memory or registers), so at most 132 blocks are resident; with 133 or
// more, the resident blocks spin forever waiting for blocks that cannot start.
// syncproof-args: --block 256 --grid 1:264 --device h200 --blocks-per-sm 1

__global__ void normalise(float* x, float* partial, unsigned* arrived) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  if (t == 0) {
    partial[b] = x[b * 256];
    __threadfence();
    atomicAdd(arrived, 1u);
    while (*(volatile unsigned*)arrived < gridDim.x) __nanosleep(100);  // expected-deadlock {{co-resident}}
    __threadfence();
  }
  __syncthreads();
  float total = 0.0f;
  for (unsigned i = 0; i < gridDim.x; i++)
    total += partial[i];
  x[b * 256 + t] /= total;
}
