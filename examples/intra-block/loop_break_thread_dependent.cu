// A __syncthreads() loop that thread 3 leaves through a `break` while the others go on:
// they wait at the next iteration's first __syncthreads() for a thread that never comes.
// The loop's condition (`true`) is the same in every thread; the divergence is in the
// exit. (A regression test: until session 10 only loop conditions were compared, and this
// kernel was proved.)
// syncproof-args: --block 256 --grid 1:65535

__global__ void smooth(const float* in, float* out) {
  __shared__ float buf[256];
  unsigned t = threadIdx.x;
  float x = in[blockIdx.x * 256 + t];
  while (true) {  // expected-divergence {{leave it after different iterations}}
    buf[t] = x;
    __syncthreads();
    x = 0.5f * (x + buf[(t + 1) % 256]);
    __syncthreads();
    if (t == 3) break;
  }
  out[blockIdx.x * 256 + t] = x;
}
