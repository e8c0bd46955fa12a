// TRIAGE (spurious race next to an unmodelled barrier): warps 0-1 of a 128-thread block
// stage 64 values and synchronise on named barrier 1 (64 threads) through inline PTX, then
// read each other's values. syncproof correctly reports 'bar.sync 1, 64' as not modelled,
// but it also reports a race between s[t] and s[63 - t], which the named barrier orders
// (exactly the 64 threads 0..63 arrive at it). Expected: only the unknown.
// See examples/TRIAGE.md.
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
