// Warps 0-1 of a 128-thread block stage 64 values and synchronise on named barrier 1
// (64 threads) through inline PTX, then read each other's values. Named barriers are not
// modelled yet (issue 4): the race the barrier prevents is reported only as "possible"
// (kind unknown), and the verdict is unknown.
// syncproof-args: --block 128 --grid 1:65535

__global__ void first_half_reverse(float* out, const float* in) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  if (t < 64) {
    s[t] = in[blockIdx.x * 64 + t];  // expected-unknown {{possible data race on 's'}}
    asm volatile("bar.sync 1, 64;");  // expected-unknown {{not modelled}}
    out[blockIdx.x * 64 + t] = s[63 - t];
  }
}
