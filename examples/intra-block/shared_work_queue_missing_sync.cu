// shared_work_queue_ok.cu without the __syncthreads() between staging and reading the tile:
// a thread may read buf[255 - t] before its owner wrote it, and thread 0 may claim the next
// tile (overwriting `tile`) while others still read the current one.
// syncproof-args: --block 256 --grid 1:1024 --param ntiles=1:64

__global__ void persistent(const float* in, float* out, unsigned* next, unsigned ntiles) {
  __shared__ unsigned tile;
  __shared__ float buf[256];
  unsigned t = threadIdx.x;
  while (true) {
    if (t == 0) tile = atomicAdd(&next[blockIdx.x], 1u);  // expected-race {{data race on 'tile'}}
    __syncthreads();
    unsigned my = tile;
    if (my >= ntiles) break;
    buf[t] = in[(blockIdx.x * ntiles + my) * 256 + t];  // expected-race {{data race on 'buf'}}
    out[(blockIdx.x * ntiles + my) * 256 + t] = buf[255 - t];
  }
}
