// The grid barrier of examples/protocols/gbarrier_sm_bounded_ok.cu with a
// 48 KiB static shared tile: its static shared memory, with the launch's
// dynamic shared memory, decides how many blocks fit on an SM (README.md
// here; tests/cli_test.cpp, ResourceUsage*).
__global__ void normalise_tiled(float* x, float* partial, unsigned* arrived) {
  __shared__ float tile[12288];
  unsigned t = threadIdx.x, b = blockIdx.x;
  tile[t] = x[b * 256 + t];
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
  x[b * 256 + t] = tile[255 - t] / total;
}
