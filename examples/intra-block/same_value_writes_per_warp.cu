// same_value_writes_possible.cu, but each thread stores its warp's index: two lanes of one
// warp store the same value, two threads of different warps do not. That second pair is a
// race whose outcome a read can see: a violation.
// syncproof-args: --block 1:256 --grid 1:8
__global__ void k(int* out) {
  __shared__ int s[1];
  s[0] = threadIdx.x / 32;  // expected-race {{data race on 's'}}
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[0];
}
