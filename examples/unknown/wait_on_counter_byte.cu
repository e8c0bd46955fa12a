// A fan-in over a grid of 300: blocks 1..299 publish partial[b] and add 1 to a 32-bit count;
// block 0 spins on byte 1 of the count (bits 8..15), which becomes non-zero at count 256, and
// then sums every partial. The wait does complete (after 256 of the 299 adds), and block 0 then
// reads the partials of up to 43 blocks unordered: a race. syncproof counts the adds, not the
// bytes of the count, so it cannot tell when a one-byte wait ends. Before session 14 it
// reported a definite deadlock (false: byte 1 reaches 1) beside the race; now a wait whose
// bytes are written with another size or address gets no definite deadlock verdict, and the
// race after it is only possible (the reads run only if the wait ends). Since session 19 the
// one-byte read and the 32-bit adds are a (possible) race of their own: not the same bytes.
// syncproof-args: --block 256 --grid 300 --cooperative

__global__ void fan_in(const float* in, float* partial, unsigned* count, float* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  if (b > 0) {
    if (t == 0) {
      partial[b] = in[b];  // expected-unknown {{possible data race on 'partial'}}
      __threadfence();
      atomicAdd(count, 1u);  // expected-unknown {{possible data race on 'count' (global memory, between blocks): atomic 'count' conflicts with read}}
    }
  } else {
    if (t == 0) {
      while (((volatile unsigned char*)count)[1] == 0) {  // expected-unknown {{writes of another size or address overlap}}
      }
      __threadfence();
    }
    __syncthreads();
    float s = 0.0f;
    for (unsigned i = t + 1; i < gridDim.x; i += 256)
      s += partial[i];
    out[t] = s;
  }
}
