// Reverses each block's 256 values through shared memory; checked for the 1-D launch it is
// written for. launch_unconstrained_race.cu is the same kernel with no launch arguments.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__global__ void block_reverse(float* data) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  unsigned g = blockIdx.x * 256 + t;
  s[t] = data[g];
  __syncthreads();
  data[g] = s[255 - t];
}
