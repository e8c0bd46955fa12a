// Templated block reduction with the levels unrolled at compile time (Harris-style),
// instantiated for 256 threads by the host launcher below.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

template <unsigned BLOCK>
__global__ void reduce(float* out, const float* in) {
  __shared__ float s[BLOCK];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * BLOCK + t];
  __syncthreads();
  if (BLOCK >= 256) { if (t < 128) s[t] += s[t + 128]; __syncthreads(); }
  if (BLOCK >= 128) { if (t < 64) s[t] += s[t + 64]; __syncthreads(); }
  if (BLOCK >= 64) { if (t < 32) s[t] += s[t + 32]; __syncthreads(); }
  if (t == 0) {
    float sum = 0.0f;
    for (int i = 0; i < 32; i++) sum += s[i];
    out[blockIdx.x] = sum;
  }
}

void launch_reduce(float* out, const float* in, int blocks) {
  reduce<256><<<blocks, 256>>>(out, in);
}
