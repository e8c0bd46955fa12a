// ring_index_wrap_ok.cu reading the slot the next iteration writes:
// `buf[(stage + 1) % S]` in iteration k is slot (k + 1) % 3, which iteration
// k + 1 writes before its barrier, with no barrier in between. The exact ring
// index (stage == k % 3, proved by induction) makes the race definite.
// syncproof-args: --block 128 --grid 1:64 --param steps=0:100000
constexpr int S = 3;
__global__ void ring(const float *in, float *out, int steps) {
  __shared__ float buf[S][128];
  int stage = 0;
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    buf[stage][threadIdx.x] = in[(size_t)s * 128 + threadIdx.x];  // expected-race {{conflicts with read 'buf[(stage + 1) % S][127 - threadIdx.x]'}}
    __syncthreads();
    acc += buf[(stage + 1) % S][127 - threadIdx.x];
    if (++stage == S) stage = 0;
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}
