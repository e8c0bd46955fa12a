// As syncwarp_in_barrier_loop_other_warp.cu, but each thread reads the element of a lane of its
// own warp (t ^ 16): the __syncwarp orders that write before the read, and the __syncthreads at
// the end of the iteration orders the read before the next iteration's write.
// syncproof-args: --block 256 --grid 1 --param n=0:100
// expected-no-diagnostics
__global__ void k(const float* in, float* out, int n) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  float acc = 0.f;
  for (int i = 0; i < n; ++i) {
    tile[t] = in[i * 256 + t];
    __syncwarp();
    acc += tile[t ^ 16];
    __syncthreads();
  }
  out[t] = acc;
}
