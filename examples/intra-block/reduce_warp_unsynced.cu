// Reduction of 64 values per block whose 64 -> 1 steps run in the first warp only, in the old
// "warp-synchronous" style. Bug: without __syncwarp() the lanes of a warp are not
// guaranteed to run in lockstep (independent thread scheduling, Volta+), so lane 0 may
// read s[16] while lane 16 is still updating it; volatile does not order the accesses.
// syncproof-args: --block 64 --grid 1:65535

__global__ void reduce_warp_tail(float* out, const float* in) {
  __shared__ float s[64];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 64 + tid];
  __syncthreads();
  if (tid < 32) {
    volatile float* vs = s;
    for (unsigned off = 32; off > 0; off >>= 1)
      vs[tid] += vs[tid + off];  // expected-race {{data race on 's' (shared memory, within a block)}}
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}
