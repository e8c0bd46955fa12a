// yield_probe.cu — attempt 23 (run23.sh): a small stand-alone K = 2048 page loop (mbarrier wait, 4 page loads, dot
// products, the transposed butterfly, predicated slot store, arrive) compiled with five forms of the page wait, to
// count in its SASS which forms get a YIELD at the loop head and a BSSY/BSYNC convergence region around the wait.
// V = 0: the megakernel's mbar_wait (per-thread try_wait loop + watchdog); 1: while (!__all_sync(try_wait)) + watchdog;
// 2: one __all_sync(try_wait) inline, the retry loop in a __noinline__ function; 3: as 1 without the watchdog;
// 4: as 0 without the watchdog. Compiled only (cuobjdump -sass), never launched.
#include <cstdint>
#include <cstdio>
__device__ __forceinline__ uint32_t smem_addr(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void mbar_arrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_addr(bar)) : "memory");
}
__device__ __forceinline__ bool mbar_try_wait(uint64_t* bar, unsigned parity) {
  unsigned ok;
  asm volatile("{\n.reg .pred P1;\nmbarrier.try_wait.parity.shared::cta.b64 P1, [%1], %2;\nselp.u32 %0, 1, 0, P1;\n}\n"
      : "=r"(ok) : "r"(smem_addr(bar)), "r"(parity) : "memory");
  return ok != 0;
}
__device__ __forceinline__ void watchdog(unsigned& spins) {
  if (++spins == (1u << 26)) { printf("stuck %d\n", (int)threadIdx.x); __trap(); }
}
#ifndef V
#define V 0
#endif
__device__ __noinline__ void slow_wait(uint64_t* bar, unsigned parity) {
  unsigned spins = 0;
  while (!__all_sync(0xffffffffu, mbar_try_wait(bar, parity))) watchdog(spins);
}
__device__ __forceinline__ void wait(uint64_t* bar, unsigned parity) {
#if V == 0
  unsigned spins = 0;
  while (!mbar_try_wait(bar, parity)) watchdog(spins);
#elif V == 1
  unsigned spins = 0;
  while (!__all_sync(0xffffffffu, mbar_try_wait(bar, parity))) watchdog(spins);
#elif V == 2
  if (__builtin_expect(!__all_sync(0xffffffffu, mbar_try_wait(bar, parity)), 0)) slow_wait(bar, parity);
#elif V == 3
  while (!__all_sync(0xffffffffu, mbar_try_wait(bar, parity))) {}
#elif V == 4
  while (!mbar_try_wait(bar, parity)) {}
#endif
}
__device__ __forceinline__ float dot8(uint4 w, float4 a, float4 b) {
  float s = __uint_as_float(w.x << 16) * a.x;
  s = fmaf(__uint_as_float(w.x & 0xffff0000u), a.y, s);
  s = fmaf(__uint_as_float(w.y << 16), a.z, s);
  s = fmaf(__uint_as_float(w.y & 0xffff0000u), a.w, s);
  s = fmaf(__uint_as_float(w.z << 16), b.x, s);
  s = fmaf(__uint_as_float(w.z & 0xffff0000u), b.y, s);
  s = fmaf(__uint_as_float(w.w << 16), b.z, s);
  s = fmaf(__uint_as_float(w.w & 0xffff0000u), b.w, s);
  return s;
}
extern "C" __global__ void k(int ni, const int* nps, float* res) {
  extern __shared__ __align__(1024) uint8_t sm[];
  uint8_t* pages = sm; uint64_t* full = (uint64_t*)(sm + 12 * 16384); uint64_t* empty = full + 12;
  float* out = (float*)(empty + 12);
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const bool h16 = lane & 16, h8 = lane & 8;
  float4 xa = make_float4(res[0], res[1], res[2], res[3]), xb = make_float4(res[4], res[5], res[6], res[7]);
  int gp0 = 0;
  for (int i = 0; i < ni; ++i) {
    const int np = nps[i];
    for (int q = 0; q < np; ++q) {
      const int gp = gp0 + q;
      wait(&full[gp % 12], (gp / 12) & 1);
      const uint4* w = reinterpret_cast<const uint4*>(pages + (size_t)(gp % 12) * 16384);
      const int j = warp * 32 + lane;
      const float a0 = dot8(w[j], xa, xb), a1 = dot8(w[256 + j], xa, xb);
      const float a2 = dot8(w[512 + j], xa, xb), a3 = dot8(w[768 + j], xa, xb);
      float k0 = h16 ? a2 : a0, k1 = h16 ? a3 : a1;
      const float s0 = h16 ? a0 : a2, s1 = h16 ? a1 : a3;
      k0 += __shfl_xor_sync(0xffffffffu, s0, 16);
      k1 += __shfl_xor_sync(0xffffffffu, s1, 16);
      float kk = h8 ? k1 : k0;
      kk += __shfl_xor_sync(0xffffffffu, h8 ? k0 : k1, 8);
      kk += __shfl_xor_sync(0xffffffffu, kk, 4);
      kk += __shfl_xor_sync(0xffffffffu, kk, 2);
      kk += __shfl_xor_sync(0xffffffffu, kk, 1);
      if ((lane & 7) == 0) out[warp * 64 + q * 4 + (h16 ? 2 : 0) + (h8 ? 1 : 0)] = kk;
      mbar_arrive(&empty[gp % 12]);
    }
    gp0 += np;
    asm volatile("bar.sync 1, 256;" ::: "memory");
    if (threadIdx.x < 64) res[i * 64 + threadIdx.x] = out[threadIdx.x];
    asm volatile("bar.sync 1, 256;" ::: "memory");
  }
}
