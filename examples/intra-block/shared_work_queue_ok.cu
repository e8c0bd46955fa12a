// A persistent block that takes tiles from its own queue: thread 0 claims the next tile with
// atomicAdd into a __shared__ variable, __syncthreads(), and every thread reads it, stops
// when the queue is exhausted, or stages and transposes the tile. The tile index changes in
// every iteration; all threads of a block read the same one because nothing writes it
// between the barrier after the claim and the reads (docs/model.md "Equal reads in one
// barrier interval"). Before, the claimed tile was arbitrary per thread: 1 barrier
// divergence at the second __syncthreads().
// syncproof-args: --block 256 --grid 1:1024 --param ntiles=1:64
// expected-no-diagnostics

__global__ void persistent(const float* in, float* out, unsigned* next, unsigned ntiles) {
  __shared__ unsigned tile;
  __shared__ float buf[256];
  unsigned t = threadIdx.x;
  while (true) {
    if (t == 0) tile = atomicAdd(&next[blockIdx.x], 1u);
    __syncthreads();
    unsigned my = tile;
    if (my >= ntiles) break;
    buf[t] = in[(blockIdx.x * ntiles + my) * 256 + t];
    __syncthreads();
    out[(blockIdx.x * ntiles + my) * 256 + t] = buf[255 - t];
  }
}
