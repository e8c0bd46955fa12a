// A three-slot shared ring indexed by `if (++stage == S) stage = 0`, one barrier
// per iteration, a runtime trip count. The loop invariant stage == k % 3 (k: the
// iteration) is proved by induction (it holds at k = 0 and one iteration keeps it),
// so every access stays inside `buf`; slot k % 3 is written again only in
// iteration k + 3, two barriers after its last read.
// syncproof-args: --block 128 --grid 1:64 --param steps=0:100000
// expected-no-diagnostics
constexpr int S = 3;
__global__ void ring(const float *in, float *out, int steps) {
  __shared__ float buf[S][128];
  int stage = 0;
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    buf[stage][threadIdx.x] = in[(size_t)s * 128 + threadIdx.x];
    __syncthreads();
    acc += buf[stage][127 - threadIdx.x];
    if (++stage == S) stage = 0;
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}
