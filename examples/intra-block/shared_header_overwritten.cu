// shared_header_loop_ok.cu, but the tile buffer starts at the allocation's first byte, on
// top of the header: thread 0's write of buf[0] in the second iteration overwrites the
// count while other threads may still be re-reading it in the loop's test (a race), so
// threads may leave the loop after different iterations and miss each other's barriers
// (and lanes of a warp miss the __syncwarp()).
// syncproof-args: --block 256 --grid 1:65535 --dynamic-smem 1040

__global__ void tiles_from_header(const float* in, const int* tiles, float* out) {
  extern __shared__ __align__(16) unsigned char smem[];
  int* header = reinterpret_cast<int*>(smem);
  float* buf = reinterpret_cast<float*>(smem);  // should start after the 16-byte header
  unsigned t = threadIdx.x;
  if (t == 0) header[0] = tiles[blockIdx.x];
  __syncthreads();
  float acc = 0.f;
  for (int k = 0; k < header[0]; ++k) {  // expected-unknown {{possible barrier divergence: the loop}}
    buf[t] = in[(blockIdx.x * 64 + k) * 256 + t];  // expected-unknown {{write 'buf[t]' conflicts with read 'header[0]'}}
    __syncwarp();  // expected-unknown {{but that lane does not reach it}}
    if (t % 32 < 16) buf[t] += buf[t + 16];  // a first warp-level step, ordered by __syncwarp  expected-unknown {{write 'buf[t]' conflicts with read 'header[0]'}}
    __syncthreads();  // expected-unknown {{barrier divergence}}
    acc += buf[255 - t];
    __syncthreads();  // expected-unknown {{barrier divergence}}
  }
  out[blockIdx.x * 256 + t] = acc;
}
