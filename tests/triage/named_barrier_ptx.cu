// Producer/consumer split of a 128-thread block: warps 0-1 stage data, then warps 0-1
// synchronise on named barrier 1 (64 threads) through inline PTX.
// Named barriers are not modelled yet, so syncproof reports the asm statement as unknown.
// syncproof-args: --block 128 --grid 1:65535

__global__ void first_half_reverse(float* out, const float* in) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  if (t < 64) {
    s[t] = in[blockIdx.x * 64 + t];
    asm volatile("bar.sync 1, 64;");  // expected-unknown {{not modelled}}
    out[blockIdx.x * 64 + t] = s[63 - t];
  }
}
