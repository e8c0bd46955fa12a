// Sums neighbouring pairs over a block's chunks * 128 values, double-buffered: while the
// block reads chunk c from buf[c % 2], each thread stages chunk c + 1 into the other buffer.
// Bug: the barrier at the end of the iteration was dropped ("the buffers are different
// anyway"), but chunk c + 1 is read in the next iteration from the buffer that the
// neighbouring thread may not have filled yet, and chunk c + 2 overwrites buf[c % 2]
// while slower threads still read chunk c.
// syncproof-args: --block 128 --grid 1:65535 --param chunks=1:64

__global__ void window_sum(float* out, const float* in, int chunks) {
  __shared__ float buf[2][128];
  unsigned t = threadIdx.x;
  const float* src = in + blockIdx.x * chunks * 128;
  buf[0][t] = src[t];
  __syncthreads();
  float acc = 0.0f;
  for (int c = 0; c < chunks; c++) {
    if (c + 1 < chunks)
      buf[(c + 1) % 2][t] = src[(c + 1) * 128 + t];  // expected-race {{data race on 'buf' (shared memory, within a block)}}
    acc += buf[c % 2][t] + buf[c % 2][(t + 1) % 128];
  }
  out[blockIdx.x * 128 + t] = acc;
}
