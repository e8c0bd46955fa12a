// Same as named_bar_zero_ok.cu, but warps 0-1 use barrier id 0 for their partial barrier:
// bar.sync 0, 64.
// Bug: __syncthreads() is barrier 0 with all 128 threads. Warps 2-3 arrive at barrier 0
// (via __syncthreads) while warps 0-1 arrive at barrier 0 with count 64: the same barrier is
// used with two thread counts at once (PTX ISA bar: all participants must use the same
// count), so the first instance can complete with warps 2-3 and the later __syncthreads()
// pairs with the wrong arrivals. Reported at the bar.sync 0, 64.
// syncproof-args: --block 128 --grid 1:65535

__global__ void half_then_all(const float* in, float* out) {
  __shared__ float s[64], r[64];
  unsigned t = threadIdx.x;
  if (t < 64) {
    s[t] = in[blockIdx.x * 64 + t];
    asm volatile("bar.sync 0, 64;" ::: "memory");  // expected-barrier-mismatch {{barrier 0}}
    r[t] = s[t] + s[63 - t];
  }
  __syncthreads();
  if (t >= 64)
    out[blockIdx.x * 64 + t - 64] = r[t - 64] * r[127 - t];
}
