// Adjacent difference through shared memory (a classic exercise). Bug: the whole body,
// barrier included, sits inside the bounds check if (i < n); in the last block the threads
// with i >= n skip the __syncthreads() while the others wait at it: barrier divergence
// (undefined behaviour; hangs or silently misbehaves).
// syncproof-args: --block 256 --grid 1:4096 --param n=1:1048576

__global__ void adjacent_difference(int* result, const int* input, int n) {
  __shared__ int s_data[256];
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n) {
    s_data[threadIdx.x] = input[i];
    __syncthreads();  // expected-divergence {{}}
    if (threadIdx.x > 0)
      result[i] = s_data[threadIdx.x] - s_data[threadIdx.x - 1];
    else if (i > 0)
      result[i] = s_data[threadIdx.x] - input[i - 1];
  }
}
