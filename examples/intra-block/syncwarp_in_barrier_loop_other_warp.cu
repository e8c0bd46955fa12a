// A loop with a __syncthreads at the end of each iteration and a __syncwarp in the middle:
// thread t writes tile[t], then (after the __syncwarp) reads tile[255 - t], which a thread of
// another warp writes in the same iteration. A __syncwarp orders only the lanes of one warp.
// (The accesses before the first block barrier of an iteration are in the block interval the
// previous iteration's __syncthreads opened; this race was missed when the run that checks
// them stopped at the __syncwarp.)
// syncproof-args: --block 256 --grid 1 --param n=0:100
__global__ void k(const float* in, float* out, int n) {
  __shared__ float tile[256];
  unsigned t = threadIdx.x;
  float acc = 0.f;
  for (int i = 0; i < n; ++i) {
    tile[t] = in[i * 256 + t]; // expected-race {{conflicts with read 'tile[255 - t]'}}
    __syncwarp();
    acc += tile[255 - t];
    __syncthreads();
  }
  out[t] = acc;
}
