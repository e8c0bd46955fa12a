// Sum of all inputs: each block reduces its 256 values in shared memory and thread 0
// adds the block's partial sum into *total.
// Bug: *total += s[0] is a plain read-modify-write executed by thread 0 of every block at
// the same time, so partial sums are lost. Use atomicAdd (or one slot per block).
// syncproof-args: --block 256 --grid 1:65535

__global__ void total_sum(float* total, const float* in) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    *total += s[0];  // expected-race {{data race on 'total' (global memory, between blocks)}}
  // expected-race@-1 {{data race on 'total' (global memory, between blocks)}}  (write/write and write/read)
}
