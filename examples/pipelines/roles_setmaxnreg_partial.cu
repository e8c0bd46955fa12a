// Same roles as roles_setmaxnreg_ok.cu, but the register release was moved under the
// "producer warp" test: only warp 0 executes setmaxnreg.dec 40 (warps 1-3 of warpgroup 0
// skip it).
// Bug: setmaxnreg.sync.aligned must be executed by all warps of a warpgroup (PTX ISA
// setmaxnreg); warps 1-3 of warpgroup 0 never execute it, which is undefined (in practice the
// warpgroup's reallocation never completes). Reported at the setmaxnreg reached by part of a
// warpgroup, as a divergence (a collective that not all of its participants reach).
// syncproof-args: --block 384 --grid 1:65535

__global__ void __launch_bounds__(384, 1) roles(const float* in, float* out) {
  __shared__ float s[128];
  unsigned t = threadIdx.x, wg = t / 128;
  if (wg == 0) {
    if (t / 32 == 0)
      asm volatile("setmaxnreg.dec.sync.aligned.u32 40;" ::: "memory");  // expected-divergence {{setmaxnreg}}
    s[t] = in[blockIdx.x * 128 + t];
    asm volatile("bar.arrive 1, 384;" ::: "memory");
  } else {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 232;" ::: "memory");
    asm volatile("bar.sync 1, 384;" ::: "memory");
    unsigned c = t - 128;
    out[blockIdx.x * 256 + c] = s[c % 128] * (c < 128 ? 1.0f : -1.0f);
  }
}
