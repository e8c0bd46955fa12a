// One dynamic shared-memory allocation holds a 16-byte header and a tile buffer after it.
// Thread 0 writes the block's tile count into the header, __syncthreads(), then every
// thread runs a __syncthreads() loop up to the header's count while the tile buffer is
// rewritten in every iteration. The header and the tiles are one region: what keeps the
// count one value per block is that no write after the barrier touches its bytes, which
// syncproof shows for every write of the loop (docs/model.md "Loads of shared memory written
// before a barrier"). (The __syncwarp() step rules out the equality abstraction of
// shared_flag_loop_ok.cu: this is the rule for values written before a barrier.)
// syncproof-args: --block 256 --grid 1:65535 --dynamic-smem 1040
// expected-no-diagnostics

__global__ void tiles_from_header(const float* in, const int* tiles, float* out) {
  extern __shared__ __align__(16) unsigned char smem[];
  int* header = reinterpret_cast<int*>(smem);
  float* buf = reinterpret_cast<float*>(smem + 16);  // 256 floats after the header
  unsigned t = threadIdx.x;
  if (t == 0) header[0] = tiles[blockIdx.x];
  __syncthreads();
  float acc = 0.f;
  for (int k = 0; k < header[0]; ++k) {
    buf[t] = in[(blockIdx.x * 64 + k) * 256 + t];
    __syncwarp();
    if (t % 32 < 16) buf[t] += buf[t + 16];  // a first warp-level step, ordered by __syncwarp
    __syncthreads();
    acc += buf[255 - t];
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = acc;
}
