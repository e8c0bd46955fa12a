// Reverses each block's 256 values through shared memory. Same kernel as launch_1d_ok.cu,
// checked with no launch arguments, i.e. for every legal 3-D block and grid shape.
// Bug (for such launches): the kernel ignores threadIdx.y/z and blockIdx.y/z, so with
// blockDim.y > 1 threads (t,0,0) and (t,1,0) store the same s[t] (and the same data[g]), and
// with gridDim.y > 1 blocks (b,0,0) and (b,1,0) read and write the same data[g].
// The kernel silently assumes a 1-D launch of 256-thread blocks (and since session 19: with
// blockDim.x > 256 the index passes the end of 's', not proved).

__global__ void block_reverse(float* data) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  unsigned g = blockIdx.x * 256 + t;
  s[t] = data[g];  // expected-race {{data race on 's' (shared memory, within a block)}}
  // expected-unknown@-1 {{'s[t]' may lie outside 's' (1024 bytes)}}
  __syncthreads();
  data[g] = s[255 - t];  // expected-race {{data race on 'data' (global memory, within a block)}}
  // expected-race@-1 {{data race on 'data' (global memory, between blocks)}}
  // expected-unknown@-2 {{'s[255 - t]' may lie outside 's' (1024 bytes)}}
}
