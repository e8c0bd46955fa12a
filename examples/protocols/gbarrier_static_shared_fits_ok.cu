// The kernel of gbarrier_static_shared_overbooked.cu with a grid that fits: 48 KiB of static
// shared memory per block leaves room for 4 blocks per H200 SM, 528 in all, and the contract
// allows at most 528 blocks, so every block of the grid is resident and the barrier completes.
// expected-no-diagnostics
// syncproof-args: --block 256 --grid 1:528 --device h200 --registers-per-thread 32

__global__ void normalise(float* x, float* partial, unsigned* arrived) {
  __shared__ float buf[12288];
  unsigned t = threadIdx.x, b = blockIdx.x;
  for (unsigned i = t; i < 12288; i += 256) buf[i] = x[b * 256 + (i & 255)];
  __syncthreads();
  if (t == 0) {
    partial[b] = buf[0] + buf[12287];
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
