// BUG: bar.sync (= barrier.sync.aligned) executed by the lanes of warp 0 at two different
// instructions: lanes 0-15 at the first asm, lanes 16-31 at the second (same id and count);
// .aligned requires every thread of a warp to execute the same bar instruction (undefined
// otherwise). The concrete prover only checks that each warp's arrivals in an instance add up
// to whole warps, not that a warp arrives at one statement.
// Found by the session-18 review of the concrete prover (docs/concrete.md), which gives up
// on it; the expected findings are the symbolic checker's.
// syncproof-args: --block 64 --grid 1
__global__ void k(const float* in, float* out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  if (t < 16) {
    asm volatile("bar.sync 1, 64;" ::: "memory");
  } else {
    asm volatile("bar.sync 1, 64;" ::: "memory");
  }
  out[t] = s[63 - t];
}
// expected-divergence@-6 {{barrier divergence: 'bar.sync 1, 64' is executed by 16 of}}
// expected-divergence@-5 {{barrier divergence: 'bar.sync 1, 64' is executed by 16 of}}
