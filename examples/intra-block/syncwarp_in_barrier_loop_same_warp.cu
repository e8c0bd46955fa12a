// As syncwarp_in_barrier_loop_same_warp_ok.cu, with the __syncwarp above the write: lane t ^ 16
// reads tile[t] while lane t writes it, in the same iteration, with nothing between them.
// syncproof-args: --block 256 --grid 1 --param n=0:100
__global__ void k(const float* in, float* out, int n) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  float acc = 0.f;
  for (int i = 0; i < n; ++i) {
    __syncwarp();
    tile[t] = in[i * 256 + t]; // expected-race {{conflicts with read 'tile[t ^ 16]'}}
    acc += tile[t ^ 16];
    __syncthreads();
  }
  out[t] = acc;
}
