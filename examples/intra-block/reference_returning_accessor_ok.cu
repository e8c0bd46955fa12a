// reference_returning_accessor_race.cu with the barrier between the stores through the
// accessor and the reads: proved.
// syncproof-args: --block 128 --grid 1:64

__device__ float& at(float* base, unsigned i) { return base[i]; }

__global__ void shift(float* out, const float* in) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  at(s, (t + 1) % 128) = in[blockIdx.x * 128 + t];
  __syncthreads();
  out[blockIdx.x * 128 + t] = at(s, t);
}
// expected-no-diagnostics
