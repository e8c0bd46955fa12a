// page_step_bench.cu — attempt 22: the megakernel's resident-page GEMV step, stand-alone.
//
// One CTA per SM (132 CTAs; ~222 KiB of dynamic shared memory, like the megakernel), NW consumer warps (8 = the
// megakernel) and, for most configurations, a 9th "loader" warp. Every consumer warp runs `niter` instructions of
// PPI = 6 pages each over 16 KiB pages that are already in shared memory (preloaded from global memory once), with the
// page step of megakernel.cu (pages_rows_2048<1>: 4 generic 16-byte loads, bf16 unpack + 8-deep FFMA chains, the
// 6-shuffle transposed butterfly, the predicated slot store; or the split O-proj step), then the megakernel's
// end-of-pages barrier, a small epilogue (the slot sums into out[]) and another barrier. Each warp's lane 0 times its
// pages with clock64 (per instruction: the 6 pages; summed) -> cycles per page and warp.
//
// Steps (template STEP):
//   DEF      the default QKV step, verbatim (generic LD.E.128 page reads, as in the megakernel's SASS)
//   LDS      the same with the page read through a __shared__ pointer (LDS.128)
//   NOSHFL   no butterfly: each lane stores a0+a1+a2+a3 (predicated, as the default's store)
//   NOUNPACK the words used as fp32 directly (the 8-deep FFMA chains kept, no shifts / ANDs)
//   NOSTORE  no per-page store: the butterfly result accumulated in a register, stored once per instruction
//   NOX      x not reloaded per instruction (kept in registers for the whole run)
//   MIN      loads + 3 FADD + predicated store per page (floor of loads + store + loop)
//   PAIR     two pages per step with no ordering point between them (loads of both, then both chains)
//   TC       the attempt-21 tensor-core step (MK_TC_LO = 1: x = hi + lo, 8 mma.sync per page and warp)
//   OSPLIT   the split-K O-proj step (warp w: rows 4w..4w+3 of a 32 x 256 page; arrive before the butterfly)
// Surroundings (template SURR):
//   NONE     NW warps only (no 9th warp); no mbarriers
//   IDLE     a 9th warp that exits at once
//   POLL     9th warp lane 0 waits (mbarrier try_wait loop, as the loader) for a barrier completed at the end
//   SPIN     9th warp lane 0 spins on a volatile shared-memory flag (no try_wait suspend)
//   RING     the megakernel's ring protocol without copies: full/empty mbarriers per slot, consumers page_acquire /
//            page_release per page (every thread), the loader waits empty (and full of page gp-4: MK_INFLIGHT 4) and
//            arrives on full (no data)
//   RINGCP   the same with the 16 KiB cp.async.bulk copy per page (source: the 12 preloaded pages, L2-resident)
//   WRL2     consumers as NONE on slots 0..5; the 9th warp bulk-copies continuously into slots 6..11 (4 in flight)
//            from a 192 KiB L2-resident source (as fast as the copy engine writes)
//   WRHBM    the same from a 2 GiB buffer (HBM stream rate, the megakernel's loader rate)
// Build: nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -lineinfo page_step_bench.cu -o page_step_bench
// Run:   ./page_step_bench [--iters N] [--only NAME] [--reps R]
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>
#include "cuda_check.h"


constexpr int NPAGES = 12, PAGE_BYTES = 16384, PPI = 6, MAXW = 16, SLOT_STRIDE = 256;
constexpr int OFF_SLOT = NPAGES * PAGE_BYTES;             // MAXW * SLOT_STRIDE floats (16 KiB)
constexpr int OFF_X = OFF_SLOT + MAXW * SLOT_STRIDE * 4;  // x: 2048 floats, xlo | xhi (8 KiB)
constexpr int OFF_OUT = OFF_X + 2048 * 4;                 // 256 floats
constexpr int OFF_BAR = OFF_OUT + 256 * 4;                // full[12], empty[12], wbar[4], done
constexpr int OFF_FLAG = OFF_BAR + 29 * 8;
constexpr int SMEM_BYTES = OFF_FLAG + 16 + 128;

enum { S_DEF, S_LDS, S_NOSHFL, S_NOUNPACK, S_NOSTORE, S_NOX, S_MIN, S_PAIR, S_TC, S_OSPLIT, S_DEFER, S_ODEFER };
enum { R_NONE, R_IDLE, R_POLL, R_SPIN, R_RING, R_RINGCP, R_WRL2, R_WRHBM };
static const char* SNAME[] = {"def", "lds", "noshfl", "nounpack", "nostore", "nox", "min", "pair", "tc", "osplit", "defer", "odefer"};
static const char* RNAME[] = {"none", "idle", "poll", "spin", "ring", "ringcp", "wrl2", "wrhbm"};

// ------------------------------------------------------------------ primitives (as in megakernel.cu)
__device__ __forceinline__ uint32_t smem_addr(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void mbar_init(uint64_t* bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_addr(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_arrive_expect_tx(uint64_t* bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem_addr(bar)), "r"(bytes) : "memory");
}
__device__ __forceinline__ void mbar_arrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_addr(bar)) : "memory");
}
__device__ __forceinline__ bool mbar_try_wait(uint64_t* bar, unsigned parity) {
  unsigned ok;
  asm volatile(
      "{\n"
      ".reg .pred P1;\n"
      "mbarrier.try_wait.parity.shared::cta.b64 P1, [%1], %2;\n"
      "selp.u32 %0, 1, 0, P1;\n"
      "}\n"
      : "=r"(ok)
      : "r"(smem_addr(bar)), "r"(parity)
      : "memory");
  return ok != 0;
}
__device__ __forceinline__ void watchdog(unsigned& spins, const char* what, int a, int b) {
  if (++spins == (1u << 26)) {
    printf("bench watchdog: block %d thread %d stuck in %s (%d, %d)\n", (int)blockIdx.x, (int)threadIdx.x, what, a, b);
    __trap();
  }
}
__device__ __forceinline__ void mbar_wait(uint64_t* bar, unsigned parity) {
  unsigned spins = 0;
  while (!mbar_try_wait(bar, parity)) watchdog(spins, "mbarrier wait", (int)parity, 0);
}
__device__ __forceinline__ void bulk_copy_g2s(void* dst, const void* src, unsigned bytes, uint64_t* bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                   smem_addr(dst)),
               "l"(src), "r"(bytes), "r"(smem_addr(bar))
               : "memory");
}
__device__ __forceinline__ void bar_sync1(int n) { asm volatile("bar.sync 1, %0;" ::"r"(n) : "memory"); }
__device__ __forceinline__ void st_shared_if(float* p, float v, bool c) {
  asm volatile(
      "{\n"
      ".reg .pred q;\n"
      "setp.ne.u32 q, %2, 0;\n"
      "@q st.shared.f32 [%0], %1;\n"
      "}\n" ::"r"(smem_addr(p)),
      "f"(v), "r"((unsigned)c)
      : "memory");
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
__device__ __forceinline__ float dot8_raw(uint4 w, float4 a, float4 b) {  // NOUNPACK: no shifts / ANDs
  float s = __uint_as_float(w.x) * a.x;
  s = fmaf(__uint_as_float(w.x), a.y, s);
  s = fmaf(__uint_as_float(w.y), a.z, s);
  s = fmaf(__uint_as_float(w.y), a.w, s);
  s = fmaf(__uint_as_float(w.z), b.x, s);
  s = fmaf(__uint_as_float(w.z), b.y, s);
  s = fmaf(__uint_as_float(w.w), b.z, s);
  s = fmaf(__uint_as_float(w.w), b.w, s);
  return s;
}
// the 6-shuffle transposed butterfly of pages_rows_2048 (4 values -> lane's row sum)
__device__ __forceinline__ float butterfly4(float a0, float a1, float a2, float a3, bool h16, bool h8) {
  float k0 = h16 ? a2 : a0, k1 = h16 ? a3 : a1;
  const float s0 = h16 ? a0 : a2, s1 = h16 ? a1 : a3;
  k0 += __shfl_xor_sync(0xffffffffu, s0, 16);
  k1 += __shfl_xor_sync(0xffffffffu, s1, 16);
  float kk = h8 ? k1 : k0;
  kk += __shfl_xor_sync(0xffffffffu, h8 ? k0 : k1, 8);
  kk += __shfl_xor_sync(0xffffffffu, kk, 4);
  kk += __shfl_xor_sync(0xffffffffu, kk, 2);
  kk += __shfl_xor_sync(0xffffffffu, kk, 1);
  return kk;
}
// attempt 22 DEFER: N row partials per lane (N = 4 x pages, a power of 2 <= 32) reduced over the 32 lanes by one
// transposed butterfly (N - 1 + (5 - log2 N) shuffles, 5 dependent levels for all N rows instead of 5 per page); every
// row is summed over the same lane tree (xor 16, 8, 4, 2, 1) as pages_rows_2048, so the sums are bit-identical.
// Returns the lane's row sum; *row = its row index (lanes with the same index hold the same value).
template <int N>
__device__ __forceinline__ float tbfly(float (&v)[N], int lane, int& row) {
  constexpr int L = N >= 32 ? 5 : N >= 16 ? 4 : N >= 8 ? 3 : N >= 4 ? 2 : N >= 2 ? 1 : 0;
  int idx = 0;
#pragma unroll
  for (int t = 0; t < 5; ++t) {
    const int m = 16 >> t;
    const bool b = lane & m;
    if (t < L) {
      const int h = N >> (t + 1);
#pragma unroll
      for (int i = 0; i < N / 2; ++i) {
        if (i < h) {
          const float keep = b ? v[i + h] : v[i], send = b ? v[i] : v[i + h];
          v[i] = keep + __shfl_xor_sync(0xffffffffu, send, m);
        }
      }
      if (b) idx += h;
    } else {
      v[0] += __shfl_xor_sync(0xffffffffu, v[0], m);
    }
  }
  row = idx;
  return v[0];
}
// tensor-core step (megakernel.cu MK_TC, MK_TC_LO = 1)
struct TcX {
  uint32_t h[8], l[8];
};
__device__ __forceinline__ uint32_t pack_bf2(float lo, float hi) {
  uint32_t d;
  asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(d) : "f"(hi), "f"(lo));
  return d;
}
__device__ __forceinline__ void mma_bf16(float (&d)[4], uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3,
                                         uint32_t b0, uint32_t b1) {
  asm("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
      "{%0, %1, %2, %3};"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}
__device__ __forceinline__ void tc_prep(float4 xa, float4 xb, int lane, TcX& t) {
  const int sb = ((lane >> 3) << 2) + (lane & 3);
#pragma unroll
  for (int i = 0; i < 2; ++i) {
    const int src = i * 16 + sb;
    float v[8];
    v[0] = __shfl_sync(0xffffffffu, xa.x, src);
    v[1] = __shfl_sync(0xffffffffu, xa.y, src);
    v[2] = __shfl_sync(0xffffffffu, xa.z, src);
    v[3] = __shfl_sync(0xffffffffu, xa.w, src);
    v[4] = __shfl_sync(0xffffffffu, xb.x, src);
    v[5] = __shfl_sync(0xffffffffu, xb.y, src);
    v[6] = __shfl_sync(0xffffffffu, xb.z, src);
    v[7] = __shfl_sync(0xffffffffu, xb.w, src);
#pragma unroll
    for (int r = 0; r < 4; ++r) {
      const uint32_t hv = pack_bf2(v[2 * r], v[2 * r + 1]);
      t.h[i * 4 + r] = hv;
      t.l[i * 4 + r] = pack_bf2(v[2 * r] - __uint_as_float(hv << 16), v[2 * r + 1] - __uint_as_float(hv & 0xffff0000u));
    }
  }
}

// ------------------------------------------------------------------ the kernel
struct Args {
  const uint8_t* w;      // 12 pages (the preloaded data; RINGCP / WRL2 copy source)
  const uint8_t* big;    // WRHBM source
  long long big_pages;   // pages in big
  const float* x;        // 2048 floats, xlo | xhi layout
  float* out;            // CTA 0's out[] of the last instruction (256 floats)
  long long* rec;        // per CTA and warp: [pages cycles, total cycles, phase cycles (warp 0), spare]
  int niter;
};

template <int STEP, int SURR, int NW>
__global__ void __launch_bounds__(NW * 32 + 32, 1) kbench(const __grid_constant__ Args a) {
  extern __shared__ __align__(128) uint8_t smem_raw[];
  // generic pointers computed through an integer, as the megakernel's Smem (its page reads are LD.E.128)
  const uintptr_t base = (reinterpret_cast<uintptr_t>(smem_raw) + 127) & ~(uintptr_t)127;
  uint8_t* pages = reinterpret_cast<uint8_t*>(base);
  float* slots = reinterpret_cast<float*>(base + OFF_SLOT);
  float* xs = reinterpret_cast<float*>(base + OFF_X);
  float* out = reinterpret_cast<float*>(base + OFF_OUT);
  uint64_t* full = reinterpret_cast<uint64_t*>(base + OFF_BAR);
  uint64_t* empty = full + NPAGES;
  uint64_t* wbar = empty + NPAGES;
  uint64_t* done = wbar + 4;
  volatile int* flag = reinterpret_cast<volatile int*>(base + OFF_FLAG);
  const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
  constexpr int NCONS = NW * 32;
  constexpr bool RINGP = SURR == R_RING || SURR == R_RINGCP;
  constexpr int NREAD = (SURR == R_WRL2 || SURR == R_WRHBM) ? 6 : NPAGES;  // slots the consumers read

  // preload pages and x; barriers
  for (int i = tid; i < NPAGES * PAGE_BYTES / 16; i += blockDim.x)
    reinterpret_cast<uint4*>(pages)[i] = reinterpret_cast<const uint4*>(a.w)[i];
  for (int i = tid; i < 2048; i += blockDim.x) xs[i] = a.x[i];
  for (int i = tid; i < MAXW * SLOT_STRIDE; i += blockDim.x) slots[i] = 0.f;
  if (tid == 0) {
    for (int i = 0; i < NPAGES; ++i) { mbar_init(&full[i], 1); mbar_init(&empty[i], NCONS); }
    for (int i = 0; i < 4; ++i) mbar_init(&wbar[i], 1);
    mbar_init(done, 1);
    *flag = 0;
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");  // the generic stores above vs later bulk writes
  __syncthreads();
  const int total_pages = a.niter * PPI;

  // ---------------------------------------------------------------- 9th warp
  if (warp == NW) {
    if (SURR == R_IDLE || lane != 0) return;
    if (SURR == R_POLL) {
      mbar_wait(done, 0);
    } else if (SURR == R_SPIN) {
      while (*flag == 0) {
      }
    } else if (RINGP) {
      for (int gp = 0; gp < total_pages; ++gp) {
        const int slot = gp % NPAGES;
        if (gp >= NPAGES) mbar_wait(&empty[slot], ((gp / NPAGES) - 1) & 1);
        if (gp >= 4) {
          const int go = gp - 4;
          mbar_wait(&full[go % NPAGES], (go / NPAGES) & 1);
        }
        if (SURR == R_RINGCP) {
          mbar_arrive_expect_tx(&full[slot], PAGE_BYTES);
          bulk_copy_g2s(pages + (size_t)slot * PAGE_BYTES, a.w + (size_t)slot * PAGE_BYTES, PAGE_BYTES, &full[slot]);
        } else {
          mbar_arrive(&full[slot]);
        }
      }
    } else {  // WRL2 / WRHBM: continuous writes into slots 6..11, 4 copies in flight
      long long k = 0;
      while (*flag == 0) {
        const int b = (int)(k & 3);
        if (k >= 4) mbar_wait(&wbar[b], (unsigned)(((k >> 2) - 1) & 1));
        mbar_arrive_expect_tx(&wbar[b], PAGE_BYTES);
        const uint8_t* src = SURR == R_WRL2
                                 ? a.w + (size_t)(k % NPAGES) * PAGE_BYTES
                                 : a.big + (size_t)((blockIdx.x + (long long)gridDim.x * k) % a.big_pages) * PAGE_BYTES;
        bulk_copy_g2s(pages + (size_t)(6 + k % 6) * PAGE_BYTES, src, PAGE_BYTES, &wbar[b]);
        ++k;
      }
      for (long long kk = k > 4 ? k - 4 : 0; kk < k; ++kk) mbar_wait(&wbar[kk & 3], (unsigned)((kk >> 2) & 1));
      a.rec[((size_t)blockIdx.x * (NW + 1) + NW) * 4 + 3] = k;  // copies issued
    }
    return;
  }
  if (warp > NW) return;

  // ---------------------------------------------------------------- consumers
  const int cw = warp & 7;  // column slice (NW = 16: warps 8..15 repeat 0..7; NW = 4: half the columns)
  const int j = cw * 32 + lane;
  const bool h16 = lane & 16, h8 = lane & 8;
  const float4* x4 = reinterpret_cast<const float4*>(xs);
  float* ob = slots + warp * SLOT_STRIDE;
  const uint8_t* pg_lds_base = smem_raw + (base - reinterpret_cast<uintptr_t>(smem_raw));  // __shared__-typed
  long long tpages = 0, tphase = 0;
  float4 xa = x4[(STEP == S_OSPLIT || STEP == S_ODEFER) ? lane : j], xb = x4[256 + ((STEP == S_OSPLIT || STEP == S_ODEFER) ? lane : j)];
  TcX tx;
  if (STEP == S_TC) tc_prep(xa, xb, lane, tx);
  int gp = 0;
  bar_sync1(NCONS);
  const long long t0 = clock64();
  for (int it = 0; it < a.niter; ++it) {
    if (STEP != S_NOX) {  // the instruction's x (the megakernel: registers set by the input phase)
      const int xi = (STEP == S_OSPLIT || STEP == S_ODEFER) ? lane : j;
      xa = x4[xi];
      xb = x4[256 + xi];
      if (STEP == S_TC) tc_prep(xa, xb, lane, tx);
    }
    const long long ts = clock64();
    float acc = 0.f;
    if (STEP == S_DEFER || STEP == S_ODEFER) {  // PPI pages' products, then one 32-row transposed butterfly
      constexpr int NPM = 8;
      float v[4 * NPM];
      const int n = PPI;
#pragma unroll
      for (int u = 0; u < NPM; ++u) {
        if (u < n) {
          const int g = gp + u;
          if (RINGP) mbar_wait(&full[g % NPAGES], (g / NPAGES) & 1);
          else asm volatile("" ::: "memory");
          const uint4* w = reinterpret_cast<const uint4*>(pages + (size_t)(g % NREAD) * PAGE_BYTES);
          if (STEP == S_ODEFER) {
            w += cw * 4 * 32;
#pragma unroll
            for (int c = 0; c < 4; ++c) v[4 * u + c] = dot8(w[lane + 32 * c], xa, xb);
          } else {
#pragma unroll
            for (int c = 0; c < 4; ++c) v[4 * u + c] = dot8(w[j + 256 * c], xa, xb);
          }
          if (RINGP) mbar_arrive(&empty[g % NPAGES]);  // after this thread's reads of page g
          else asm volatile("" ::: "memory");
        } else {
#pragma unroll
          for (int c = 0; c < 4; ++c) v[4 * u + c] = 0.f;
        }
      }
      int r;
      const float kk = tbfly<4 * NPM>(v, lane, r);
      if (STEP == S_ODEFER) st_shared_if(&out[(r >> 2) * 32 + cw * 4 + (r & 3)], kk, r < 4 * n && warp < 8);
      else st_shared_if(&ob[r], kk, r < 4 * n);
    } else if (STEP == S_PAIR) {
#pragma unroll 1
      for (int q = 0; q < PPI; q += 2) {
        const int g0 = gp + q, g1 = gp + q + 1;
        if (RINGP) { mbar_wait(&full[g0 % NPAGES], (g0 / NPAGES) & 1); mbar_wait(&full[g1 % NPAGES], (g1 / NPAGES) & 1); }
        const uint4* w0 = reinterpret_cast<const uint4*>(pages + (size_t)(g0 % NREAD) * PAGE_BYTES);
        const uint4* w1 = reinterpret_cast<const uint4*>(pages + (size_t)(g1 % NREAD) * PAGE_BYTES);
        const uint4 u0 = w0[j], u1 = w0[256 + j], u2 = w0[512 + j], u3 = w0[768 + j];
        const uint4 v0 = w1[j], v1 = w1[256 + j], v2 = w1[512 + j], v3 = w1[768 + j];
        const float b0 = butterfly4(dot8(u0, xa, xb), dot8(u1, xa, xb), dot8(u2, xa, xb), dot8(u3, xa, xb), h16, h8);
        const float b1 = butterfly4(dot8(v0, xa, xb), dot8(v1, xa, xb), dot8(v2, xa, xb), dot8(v3, xa, xb), h16, h8);
        st_shared_if(&ob[q * 4 + (h16 ? 2 : 0) + (h8 ? 1 : 0)], b0, (lane & 7) == 0);
        st_shared_if(&ob[q * 4 + 4 + (h16 ? 2 : 0) + (h8 ? 1 : 0)], b1, (lane & 7) == 0);
        if (RINGP) { mbar_arrive(&empty[g0 % NPAGES]); mbar_arrive(&empty[g1 % NPAGES]); }
      }
    } else {
#pragma unroll 1
      for (int q = 0; q < PPI; ++q) {
        const int g = gp + q;
        if (RINGP) mbar_wait(&full[g % NPAGES], (g / NPAGES) & 1);  // page_acquire
        else asm volatile("" ::: "memory");
        const uint8_t* pg = pages + (size_t)(g % NREAD) * PAGE_BYTES;
        const uint4* w = reinterpret_cast<const uint4*>(pg);
        if (STEP == S_LDS) w = reinterpret_cast<const uint4*>(pg_lds_base + (size_t)(g % NREAD) * PAGE_BYTES);
        if (STEP == S_OSPLIT) {
          const uint4* wo = w + cw * 4 * 32;
          const float a0 = dot8(wo[lane], xa, xb), a1 = dot8(wo[32 + lane], xa, xb);
          const float a2 = dot8(wo[64 + lane], xa, xb), a3 = dot8(wo[96 + lane], xa, xb);
          if (RINGP) mbar_arrive(&empty[g % NPAGES]);  // page_release before the butterfly (split O-proj loop)
          const float kk = butterfly4(a0, a1, a2, a3, h16, h8);
          st_shared_if(&out[q * 32 + cw * 4 + (h16 ? 2 : 0) + (h8 ? 1 : 0)], kk, (lane & 7) == 0 && warp < 8);
          continue;
        }
        if (STEP == S_TC) {
          const int rh = lane >> 4;
          const uint4* wu = w + cw * 32 + rh * 256 + ((lane >> 2) & 3) * 4 + (lane & 3);
          const uint4* wl = wu + 2 * 256;
          const uint4 u0 = wu[0], l0 = wl[0], u1 = wu[16], l1 = wl[16];
          float c[4] = {0.f, 0.f, 0.f, 0.f}, d[4] = {0.f, 0.f, 0.f, 0.f};
          float e[4] = {0.f, 0.f, 0.f, 0.f}, f[4] = {0.f, 0.f, 0.f, 0.f};
          mma_bf16(c, u0.x, l0.x, u0.y, l0.y, tx.h[0], tx.h[1]);
          mma_bf16(d, u1.x, l1.x, u1.y, l1.y, tx.h[4], tx.h[5]);
          mma_bf16(c, u0.z, l0.z, u0.w, l0.w, tx.h[2], tx.h[3]);
          mma_bf16(d, u1.z, l1.z, u1.w, l1.w, tx.h[6], tx.h[7]);
          mma_bf16(e, u0.x, l0.x, u0.y, l0.y, tx.l[0], tx.l[1]);
          mma_bf16(f, u1.x, l1.x, u1.y, l1.y, tx.l[4], tx.l[5]);
          mma_bf16(e, u0.z, l0.z, u0.w, l0.w, tx.l[2], tx.l[3]);
          mma_bf16(f, u1.z, l1.z, u1.w, l1.w, tx.l[6], tx.l[7]);
          float vu = (c[0] + d[0]) + (e[0] + f[0]), vl = (c[2] + d[2]) + (e[2] + f[2]);
          vu += __shfl_xor_sync(0xffffffffu, vu, 5);
          vl += __shfl_xor_sync(0xffffffffu, vl, 5);
          vu += __shfl_xor_sync(0xffffffffu, vu, 10);
          vl += __shfl_xor_sync(0xffffffffu, vl, 10);
          st_shared_if(&ob[q * 4 + rh], vu, (lane & 15) == 0);
          st_shared_if(&ob[q * 4 + rh + 2], vl, (lane & 15) == 0);
        } else {
          const uint4 u0 = w[j], u1 = w[256 + j], u2 = w[512 + j], u3 = w[768 + j];
          float a0, a1, a2, a3;
          if (STEP == S_NOUNPACK) {
            a0 = dot8_raw(u0, xa, xb); a1 = dot8_raw(u1, xa, xb); a2 = dot8_raw(u2, xa, xb); a3 = dot8_raw(u3, xa, xb);
          } else if (STEP == S_MIN) {
            a0 = __uint_as_float(u0.x ^ u0.y ^ u0.z ^ u0.w); a1 = __uint_as_float(u1.x ^ u1.y ^ u1.z ^ u1.w);
            a2 = __uint_as_float(u2.x ^ u2.y ^ u2.z ^ u2.w); a3 = __uint_as_float(u3.x ^ u3.y ^ u3.z ^ u3.w);
          } else {
            a0 = dot8(u0, xa, xb); a1 = dot8(u1, xa, xb); a2 = dot8(u2, xa, xb); a3 = dot8(u3, xa, xb);
          }
          float kk;
          if (STEP == S_NOSHFL || STEP == S_MIN) kk = (a0 + a1) + (a2 + a3);
          else kk = butterfly4(a0, a1, a2, a3, h16, h8);
          if (STEP == S_NOSTORE) acc += kk;
          else st_shared_if(&ob[q * 4 + (h16 ? 2 : 0) + (h8 ? 1 : 0)], kk, (lane & 7) == 0);
        }
        if (RINGP) mbar_arrive(&empty[g % NPAGES]);  // page_release
        else asm volatile("" ::: "memory");
      }
    }
    if (STEP == S_NOSTORE) st_shared_if(&ob[(h16 ? 2 : 0) + (h8 ? 1 : 0)], acc, (lane & 7) == 0);
    gp += PPI;
    const long long te = clock64();
    tpages += te - ts;
    bar_sync1(NCONS);  // out[] / slots complete (the megakernel's consumer_bar after the pages)
    if (warp == 0) tphase += clock64() - ts;
    if (STEP != S_OSPLIT && STEP != S_ODEFER && tid < PPI * 4) {  // epilogue: sum the warps' slot rows (outv in the megakernel)
      float v = 0.f;
#pragma unroll
      for (int w2 = 0; w2 < NW; ++w2) v += slots[w2 * SLOT_STRIDE + tid];
      out[tid] = v;
    }
    bar_sync1(NCONS);
  }
  const long long t1 = clock64();
  if (tid == 0) {
    if (SURR == R_POLL) mbar_arrive(done);
    *flag = 1;
  }
  if (lane == 0) {
    long long* r = a.rec + ((size_t)blockIdx.x * (NW + 1) + warp) * 4;
    r[0] = tpages;
    r[1] = t1 - t0;
    r[2] = tphase;
  }
  if (blockIdx.x == 0)
    for (int i = tid; i < 256; i += NCONS) a.out[i] = out[i];
}

// ------------------------------------------------------------------ host
struct Cfg {
  const char* name;
  int step, surr, nw;
  void (*launch)(const Args&, int grid, cudaStream_t);
  const void* fn;
};
template <int S, int R, int NW>
void launch_t(const Args& a, int grid, cudaStream_t st) {
  const int threads = NW * 32 + (R == R_NONE ? 0 : 32);
  kbench<S, R, NW><<<grid, threads, SMEM_BYTES, st>>>(a);
}
#define CFG(S, R, NW) \
  Cfg { #S "/" #R "/" #NW, S, R, NW, launch_t<S, R, NW>, (const void*)kbench<S, R, NW> }

static float bf2f_h(uint16_t b) {
  uint32_t u = (uint32_t)b << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

int main(int argc, char** argv) {
  int niter = 2000, reps = 5;
  std::string only;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--iters") && i + 1 < argc) niter = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
  }
  std::vector<Cfg> cfgs = {
      CFG(S_DEF, R_NONE, 8),     CFG(S_DEF, R_IDLE, 8),     CFG(S_DEF, R_POLL, 8),     CFG(S_DEF, R_SPIN, 8),
      CFG(S_DEF, R_RING, 8),     CFG(S_DEF, R_RINGCP, 8),   CFG(S_DEF, R_WRL2, 8),     CFG(S_DEF, R_WRHBM, 8),
      CFG(S_LDS, R_NONE, 8),     CFG(S_NOSHFL, R_NONE, 8),  CFG(S_NOUNPACK, R_NONE, 8), CFG(S_NOSTORE, R_NONE, 8),
      CFG(S_NOX, R_NONE, 8),     CFG(S_MIN, R_NONE, 8),     CFG(S_PAIR, R_NONE, 8),    CFG(S_TC, R_NONE, 8),
      CFG(S_OSPLIT, R_NONE, 8),  CFG(S_DEF, R_NONE, 4),     CFG(S_DEF, R_NONE, 16),    CFG(S_PAIR, R_RING, 8),
      CFG(S_TC, R_RING, 8),      CFG(S_OSPLIT, R_RING, 8),  CFG(S_LDS, R_RING, 8),     CFG(S_DEF, R_NONE, 1),
      CFG(S_DEFER, R_NONE, 8),   CFG(S_DEFER, R_RING, 8),   CFG(S_ODEFER, R_NONE, 8),  CFG(S_ODEFER, R_RING, 8),
      CFG(S_DEFER, R_NONE, 1),
  };
  int dev = 0;
  CK(cudaSetDevice(dev));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, dev));
  const int grid = prop.multiProcessorCount;
  printf("device %s, %d SMs, smem per block opt-in %zu, bench smem %d, iters %d (pages per warp %d), reps %d\n",
         prop.name, grid, prop.sharedMemPerBlockOptin, SMEM_BYTES, niter, niter * PPI, reps);

  // data: 12 random pages (bf16 in [-1, 1)), x (fp32 in [-1, 1)), a 2 GiB HBM source (random bytes: never read)
  srand(12345u ^ (unsigned)time(nullptr));
  std::vector<uint16_t> hw(NPAGES * PAGE_BYTES / 2);
  for (auto& v : hw) {
    float f = (float)rand() / RAND_MAX * 2.f - 1.f;
    uint32_t u;
    memcpy(&u, &f, 4);
    v = (uint16_t)(u >> 16);
  }
  std::vector<float> hx(2048);  // logical x[c]; stored as xlo[j] = x[8j..8j+3] at 4j, xhi[j] = x[8j+4..] at 1024 + 4j
  for (auto& v : hx) v = (float)rand() / RAND_MAX * 2.f - 1.f;
  std::vector<float> hxs(2048);
  for (int jj = 0; jj < 256; ++jj)
    for (int e = 0; e < 4; ++e) { hxs[4 * jj + e] = hx[8 * jj + e]; hxs[1024 + 4 * jj + e] = hx[8 * jj + 4 + e]; }
  uint8_t *dw, *dbig;
  float *dx, *dout;
  long long* drec;
  const long long big_pages = (2LL << 30) / PAGE_BYTES;
  CK(cudaMalloc(&dw, hw.size() * 2));
  CK(cudaMalloc(&dbig, (size_t)big_pages * PAGE_BYTES));
  CK(cudaMemset(dbig, 0x3c, (size_t)big_pages * PAGE_BYTES));
  CK(cudaMalloc(&dx, 2048 * 4));
  CK(cudaMalloc(&dout, 256 * 4));
  const size_t nrec = (size_t)grid * (MAXW + 1) * 4;
  CK(cudaMalloc(&drec, nrec * 8));
  CK(cudaMemcpy(dw, hw.data(), hw.size() * 2, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dx, hxs.data(), 2048 * 4, cudaMemcpyHostToDevice));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  printf("%-28s %9s %9s %9s %9s %9s %8s %7s %s\n", "config", "cyc/page", "min_warp", "max_warp", "phase/pg", "tot/page",
         "us/page", "GHz", "check");
  for (const Cfg& c : cfgs) {
    std::string nm = std::string(SNAME[c.step]) + "/" + RNAME[c.surr] + "/" + std::to_string(c.nw);
    if (!only.empty() && only != nm) continue;
    CK(cudaFuncSetAttribute(c.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM_BYTES));
    Args a{dw, dbig, big_pages, dx, dout, drec, niter};
    std::vector<double> cyc, mn, mx, ph, tot, us, ghz;
    double maxerr = 0.0;
    for (int r = 0; r <= reps; ++r) {  // r = 0: warm-up
      CK(cudaMemset(drec, 0, nrec * 8));
      CK(cudaMemset(dout, 0xff, 256 * 4));  // poison
      CK(cudaEventRecord(e0));
      c.launch(a, grid, 0);
      CK(cudaGetLastError());
      CK(cudaEventRecord(e1));
      CK(cudaDeviceSynchronize());
      if (r == 0) continue;
      float ms;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      std::vector<long long> rec(nrec);
      CK(cudaMemcpy(rec.data(), drec, nrec * 8, cudaMemcpyDeviceToHost));
      double s = 0, lo = 1e30, hi = 0, sp = 0, st = 0;
      int n = 0;
      for (int b = 0; b < grid; ++b) {
        for (int w = 0; w < c.nw; ++w) {
          const long long* rr = &rec[((size_t)b * (c.nw + 1) + w) * 4];
          const double v = (double)rr[0] / (niter * PPI);
          s += v; lo = std::min(lo, v); hi = std::max(hi, v); st += (double)rr[1] / (niter * PPI); ++n;
        }
        sp += (double)rec[((size_t)b * (c.nw + 1)) * 4 + 2] / (niter * PPI);
      }
      cyc.push_back(s / n); mn.push_back(lo); mx.push_back(hi); ph.push_back(sp / grid); tot.push_back(st / n);
      us.push_back(ms * 1e3 / (niter * PPI));
      ghz.push_back((st / n) * niter * PPI / (ms * 1e6));
      if (c.nw == 8 && (c.step == S_DEF || c.step == S_LDS || c.step == S_PAIR || c.step == S_TC ||
                        c.step == S_NOX || c.step == S_OSPLIT || c.step == S_DEFER || c.step == S_ODEFER)) {
        std::vector<float> ho(256);
        CK(cudaMemcpy(ho.data(), dout, 256 * 4, cudaMemcpyDeviceToHost));
        const int nread = (c.surr == R_WRL2 || c.surr == R_WRHBM) ? 6 : NPAGES;
        double num = 0, den = 0;
        for (int q = 0; q < PPI; ++q) {
          const int slot = ((niter - 1) * PPI + q) % nread;
          const uint16_t* P = &hw[(size_t)slot * PAGE_BYTES / 2];
          const bool os = c.step == S_OSPLIT || c.step == S_ODEFER;
          const int nrows = os ? 32 : 4, ncols = os ? 256 : 2048;
          for (int rr = 0; rr < nrows; ++rr) {
            double ref = 0;
            for (int cc = 0; cc < ncols; ++cc) ref += (double)bf2f_h(P[rr * ncols + cc]) * hx[cc];
            const double got = ho[q * nrows + rr];
            num = std::max(num, std::fabs(got - ref));
            den = std::max(den, std::fabs(ref));
          }
        }
        maxerr = std::max(maxerr, std::isfinite(num) ? num / den : 1e30);
      }
    }
    auto med = [](std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; };
    char chk[64] = "-";
    if (maxerr > 0) snprintf(chk, sizeof chk, "%s %.1e", maxerr < (c.step == S_TC ? 1e-3 : 1e-5) ? "PASS" : "FAIL", maxerr);
    printf("%-28s %9.1f %9.1f %9.1f %9.1f %9.1f %8.4f %7.3f %s\n", nm.c_str(), med(cyc), med(mn), med(mx), med(ph),
           med(tot), med(us), med(ghz), chk);
    fflush(stdout);
  }
  printf("columns: cyc/page = each warp's own clock64 cycles over its 6-page loop per page (mean over warps and CTAs,\n"
         "median of %d launches); min/max_warp = the fastest/slowest warp; phase/pg = warp 0 from its first page to the\n"
         "end-of-pages barrier, per page; tot/page = whole run incl. x loads, barriers, epilogue; us/page = event time /\n"
         "pages; GHz = tot cycles / event time; check = max |out - ref| / max |ref| of CTA 0's last instruction\n",
         reps);
  return 0;
}
