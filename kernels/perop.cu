// perop.cu — the per-op baseline: one kernel per op of the decode step, launched as one CUDA graph
// with programmatic dependent launch (PDL). This is the strongest fair alternative a user would
// build instead of a megakernel (issue 5, item 5); docs/megakernel.md has its measured times.
//
// Per layer: qkv (RMSNorm + QKV GEMV + RoPE + KV append) -> attn (split over KV chunks, partials)
// (the last chunk block of each KV head merges the partials) -> oproj (O-proj + residual) -> gateup (RMSNorm + gate/up + SiLU*mul) -> down
// (down-proj + residual); then lmhead (final RMSNorm + LM head + per-block argmax) -> argmax.
//
// GEMV kernels: 256 threads, one contiguous range of row units per block; a warp takes units
// u0 + warp, u0 + warp + 8, ...; a lane reads 16 bytes of each of its unit's rows per 256 columns
// (coalesced), multiplies by the input vector staged in shared memory, and the warp reduces.
// PDL: a kernel prefetches its first `pf_bytes` of weights into L2 (weights are constants), then
// `griddepcontrol.wait`s for its predecessor (complete, memory visible), then lets its own
// successor launch (`griddepcontrol.launch_dependents`), so the next kernel's blocks are resident
// and prefetching while this one streams. Without PDL the waits are no-ops and the graph orders
// the kernels fully.
#include "perop.h"

#include <cstdio>
#include <cstdlib>
#include "cuda_check.h"

namespace mk {
namespace perop {

constexpr int THREADS = 256;
constexpr int WARPS = THREADS / 32;
#ifndef PEROP_MINB
#define PEROP_MINB 2  // GEMV kernels: blocks per SM the registers are sized for (__launch_bounds__)
#endif
#ifndef PEROP_CH
#define PEROP_CH 8    // GEMV: 16-byte loads per row and lane in flight per batch
#endif

__device__ __forceinline__ void pdl_wait() { asm volatile("griddepcontrol.wait;" ::: "memory"); }
__device__ __forceinline__ void pdl_trigger() { asm volatile("griddepcontrol.launch_dependents;" ::: "memory"); }
__device__ __forceinline__ void prefetch_l2(const void* p, unsigned bytes) {
  asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(p), "r"(bytes) : "memory");
}
__device__ __forceinline__ uint4 ld_stream(const uint4* p) {
  uint4 v;
  asm volatile("ld.global.nc.L1::no_allocate.v4.u32 {%0,%1,%2,%3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "l"(p));
  return v;
}
__device__ __forceinline__ float bf_lo(unsigned u) { return __uint_as_float(u << 16); }
__device__ __forceinline__ float bf_hi(unsigned u) { return __uint_as_float(u & 0xffff0000u); }
__device__ __forceinline__ float bf(uint16_t u) { return __uint_as_float((unsigned)u << 16); }
__device__ __forceinline__ uint16_t to_bf(float f) {  // round to nearest even (finite inputs)
  unsigned u = __float_as_uint(f);
  u += 0x7fffu + ((u >> 16) & 1u);
  return (uint16_t)(u >> 16);
}
__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int o = 16; o; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
__device__ __forceinline__ float warp_max(float v) {
#pragma unroll
  for (int o = 16; o; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}
__device__ __forceinline__ float dot8(uint4 w, float4 a, float4 b, float acc) {
  acc = fmaf(bf_lo(w.x), a.x, acc);
  acc = fmaf(bf_hi(w.x), a.y, acc);
  acc = fmaf(bf_lo(w.y), a.z, acc);
  acc = fmaf(bf_hi(w.y), a.w, acc);
  acc = fmaf(bf_lo(w.z), b.x, acc);
  acc = fmaf(bf_hi(w.z), b.y, acc);
  acc = fmaf(bf_lo(w.w), b.z, acc);
  acc = fmaf(bf_hi(w.w), b.w, acc);
  return acc;
}

// Block-wide sum over the 256 threads; every thread gets it. `red` holds WARPS floats.
__device__ __forceinline__ float block_sum(float v, float* red) {
  v = warp_sum(v);
  if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = v;
  __syncthreads();
  float s = 0.f;
#pragma unroll
  for (int w = 0; w < WARPS; ++w) s += red[w];
  __syncthreads();
  return s;
}

// xs[0..D) = rmsnorm(src) * gamma. src: float h (srcf) or a bf16 row (srcb, layer 0's embedding).
// Thread t handles elements 8t .. 8t+7. Ends with a barrier: xs is ready for every warp.
__device__ void load_rmsnorm(float* xs, float* red, const float* srcf, const uint16_t* srcb, const uint16_t* gamma,
                             float* copy_out) {
  const int t = threadIdx.x;
  float v[8];
  if (srcf) {
    const float4 a = reinterpret_cast<const float4*>(srcf)[2 * t], b = reinterpret_cast<const float4*>(srcf)[2 * t + 1];
    v[0] = a.x; v[1] = a.y; v[2] = a.z; v[3] = a.w; v[4] = b.x; v[5] = b.y; v[6] = b.z; v[7] = b.w;
  } else {
    const uint4 u = reinterpret_cast<const uint4*>(srcb)[t];
    v[0] = bf_lo(u.x); v[1] = bf_hi(u.x); v[2] = bf_lo(u.y); v[3] = bf_hi(u.y);
    v[4] = bf_lo(u.z); v[5] = bf_hi(u.z); v[6] = bf_lo(u.w); v[7] = bf_hi(u.w);
  }
  if (copy_out)
    for (int i = 0; i < 8; ++i) copy_out[8 * t + i] = v[i];
  float ss = 0.f;
#pragma unroll
  for (int i = 0; i < 8; ++i) ss = fmaf(v[i], v[i], ss);
  ss = block_sum(ss, red);
  const float r = rsqrtf(ss / (float)D + EPS);
  const uint4 g = reinterpret_cast<const uint4*>(gamma)[t];
  const float gv[8] = {bf_lo(g.x), bf_hi(g.x), bf_lo(g.y), bf_hi(g.y), bf_lo(g.z), bf_hi(g.z), bf_lo(g.w), bf_hi(g.w)};
#pragma unroll
  for (int i = 0; i < 8; ++i) xs[8 * t + i] = v[i] * r * gv[i];
  __syncthreads();
}

// The block's units: a contiguous share [u0, u1) of `units`.
struct Range {
  int u0, u1;
};
__device__ __forceinline__ Range block_range(int units) {
  return {(int)((long long)blockIdx.x * units / gridDim.x), (int)((long long)(blockIdx.x + 1) * units / gridDim.x)};
}

// L2 prefetch of the rows of the block's first units, at most pf_bytes in all; before the PDL wait.
template <int K, int R, class RowOf>
__device__ __forceinline__ void prefetch_rows(Range r, RowOf row_of, int pf_bytes) {
  const int rows = min((r.u1 - r.u0) * R, pf_bytes / (K * 2));
  for (int i = threadIdx.x; i < rows; i += THREADS) prefetch_l2(row_of(r.u0 + i / R, i % R), K * 2);
}

// The GEMV loop: each warp computes units u0 + warp, u0 + warp + WARPS, ... of R rows of K bf16
// columns against xs (shared, K floats); lane 0 calls epi(u, y[R]).
template <int K, int R, class RowOf, class Epi>
__device__ __forceinline__ void gemv(Range r, const float* xs, RowOf row_of, Epi epi) {
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  constexpr int IT = K / 256;  // 16-byte loads per lane per row
  constexpr int CH = PEROP_CH;  // loads per row in flight per batch
  static_assert(IT % CH == 0, "K must be a multiple of 2048");
  for (int u = r.u0 + warp; u < r.u1; u += WARPS) {
    const uint4* rows[R];
#pragma unroll
    for (int j = 0; j < R; ++j) rows[j] = reinterpret_cast<const uint4*>(row_of(u, j));
    float acc[R];
#pragma unroll
    for (int j = 0; j < R; ++j) acc[j] = 0.f;
#pragma unroll 1
    for (int b = 0; b < IT; b += CH) {
      uint4 wv[R][CH];
#pragma unroll
      for (int j = 0; j < R; ++j)
#pragma unroll
        for (int i = 0; i < CH; ++i) wv[j][i] = ld_stream(rows[j] + (b + i) * 32 + lane);
#pragma unroll
      for (int i = 0; i < CH; ++i) {
        const float4* x = reinterpret_cast<const float4*>(xs + (b + i) * 256 + lane * 8);
        const float4 x0 = x[0], x1 = x[1];
#pragma unroll
        for (int j = 0; j < R; ++j) acc[j] = dot8(wv[j][i], x0, x1, acc[j]);
      }
    }
#pragma unroll
    for (int j = 0; j < R; ++j) acc[j] = warp_sum(acc[j]);
    if (lane == 0) epi(u, acc);
  }
}

// ---------------------------------------------------------------- the kernels

// RMSNorm + QKV + RoPE + KV append. Unit u = rows (u/32)*64 + u%32 and that + 32 of Wqkv: the RoPE
// pair (d, d + 32) of "head" u/32 (0..31 q, 32..39 k, 40..47 v).
__global__ void __launch_bounds__(THREADS, PEROP_MINB) k_qkv(const __grid_constant__ Args a, int l) {
  __shared__ __align__(16) float xs[D];
  __shared__ float red[WARPS];
  const uint16_t* W = a.w + a.lay.layer[l].wqkv;
  auto row_of = [&](int u, int j) { return W + (size_t)((u >> 5) * HD + (u & 31) + 32 * j) * D; };
  const Range r = block_range(QKV_ROWS / 2);
  prefetch_rows<D, 2>(r, row_of, a.pf_bytes);
  pdl_wait();
  pdl_trigger();
  const int pos = *a.pos;
  if (l == 0) {
    const int tok = a.tokens[pos];
    load_rmsnorm(xs, red, nullptr, a.w + a.lay.embed + (size_t)tok * D, a.w + a.lay.layer[l].attn_norm,
                 blockIdx.x == 0 ? a.h : nullptr);  // block 0 also stores h_in[0] (O-proj's residual)
  } else {
    load_rmsnorm(xs, red, a.h + (size_t)2 * l * D, nullptr, a.w + a.lay.layer[l].attn_norm, nullptr);
  }
  gemv<D, 2>(r, xs, row_of, [&](int u, const float* y) {
    const int head = u >> 5, d = u & 31;
    float o0 = y[0], o1 = y[1];
    if (head < NQ + NKV) {
      float sn, cs;
      const float inv_freq = powf(ROPE_THETA, -(float)(2 * d) / (float)HD);
      sincosf((float)pos * inv_freq, &sn, &cs);
      o0 = y[0] * cs - y[1] * sn;
      o1 = y[1] * cs + y[0] * sn;
    }
    if (head < NQ) {
      float* q = a.q + (size_t)l * D + head * HD;
      q[d] = o0;
      q[d + 32] = o1;
    } else {
      const int g = head < NQ + NKV ? head - NQ : head - NQ - NKV;
      uint16_t* c = (head < NQ + NKV ? a.kcache : a.vcache) + (((size_t)l * NKV + g) * MAX_POS + pos) * HD;
      c[d] = to_bf(o0);
      c[d + 32] = to_bf(o1);
    }
  });
}

// After a chunk's partial is written: the last of KV head g's nchunks blocks (a counter per (layer,
// head), the classic fence + atomic "last block" pattern) merges the head's partials with their
// log-sum-exp weights into attn_o[l][4 heads][HD] and resets the counter for the next step.
__device__ void merge_if_last(const Args& a, int l, int g, const float* pml, const float* po) {
  __shared__ unsigned last;
  __syncthreads();  // every thread's partial stores precede thread 0's fence
  if (threadIdx.x == 0) {
    __threadfence();
    unsigned* ctr = a.attn_done + (size_t)l * NKV + g;
    last = atomicAdd(ctr, 1u) == (unsigned)a.nchunks - 1;
    if (last) atomicExch(ctr, 0u);  // no block of this step touches it again; the next step is stream-ordered
    __threadfence();
  }
  __syncthreads();
  if (!last) return;
  const int h = threadIdx.x >> 6, d = threadIdx.x & 63, nc = a.nchunks;
  float M = -INFINITY;
  for (int c = 0; c < nc; ++c) M = fmaxf(M, __ldcg(pml + (h * nc + c) * 2));
  float num = 0.f, den = 0.f;
  for (int c = 0; c < nc; ++c) {
    const float m = __ldcg(pml + (h * nc + c) * 2);
    const float e = m == -INFINITY ? 0.f : __expf(m - M);
    num = fmaf(e, __ldcg(po + (size_t)(h * nc + c) * HD + d), num);
    den = fmaf(e, __ldcg(pml + (h * nc + c) * 2 + 1), den);
  }
  a.attn_o[(size_t)l * D + (g * 4 + h) * HD + d] = num / den;
}

// Attention of KV head g = blockIdx.y (its 4 query heads) over chunk c = blockIdx.x of positions
// [c*S, min((c+1)*S, pos+1)). Writes the unnormalized partial output and (max, sum of exp).
// Lane (pg, j) = (lane >> 3, lane & 7) of warp w takes dims 8j..8j+7 of positions
// p0 + 32 it + 4 w + pg: every K and V row of the chunk is loaded at once, up front.
__global__ void __launch_bounds__(THREADS) k_attn(const __grid_constant__ Args a, int l) {
  constexpr int MAXIT = MAX_CHUNK / 32;
  __shared__ __align__(16) float qs[4][HD];
  __shared__ float sc[4][MAX_CHUNK];
  __shared__ __align__(16) float red[WARPS][4][HD];
  const int g = blockIdx.y, c = blockIdx.x, S = a.kv_chunk, t = threadIdx.x;
  const int warp = t >> 5, lane = t & 31, pg = lane >> 3, j = lane & 7;
  const size_t kvbase = ((size_t)l * NKV + g) * MAX_POS * HD;
  // The chunk's K/V rows below the newest position were written by earlier steps: prefetch them.
  if (t == 0 && a.pf_bytes > 0) {
    prefetch_l2(a.kcache + kvbase + (size_t)c * S * HD, S * HD * 2);
    prefetch_l2(a.vcache + kvbase + (size_t)c * S * HD, S * HD * 2);
  }
  pdl_wait();
  pdl_trigger();
  const int n = *a.pos + 1, p0 = c * S, p1 = min(p0 + S, n);
  const int qh0 = g * 4;  // first query head of this KV head
  float* pml = a.part_ml + ((size_t)l * NQ + qh0) * a.nchunks * 2;
  float* po = a.part_o + ((size_t)l * NQ + qh0) * a.nchunks * HD;
  if (p0 >= n) {  // past the newest position: an empty partial
    if (t < 4) { pml[(t * a.nchunks + c) * 2] = -INFINITY; pml[(t * a.nchunks + c) * 2 + 1] = 0.f; }
    po[((t >> 6) * a.nchunks + c) * HD + (t & 63)] = 0.f;
    merge_if_last(a, l, g, pml, po);
    return;
  }
  uint4 kr[MAXIT], vr[MAXIT];
#pragma unroll
  for (int it = 0; it < MAXIT; ++it) {
    const int p = p0 + 32 * it + 4 * warp + pg;
    const bool ok = p < p1;
    kr[it] = ok ? *reinterpret_cast<const uint4*>(a.kcache + kvbase + (size_t)p * HD + 8 * j) : make_uint4(0, 0, 0, 0);
    vr[it] = ok ? *reinterpret_cast<const uint4*>(a.vcache + kvbase + (size_t)p * HD + 8 * j) : make_uint4(0, 0, 0, 0);
  }
  qs[t >> 6][t & 63] = a.q[(size_t)l * D + qh0 * HD + t];
  __syncthreads();
#pragma unroll
  for (int it = 0; it < MAXIT; ++it) {
    if (p0 + 32 * it + 4 * warp >= p1) break;  // warp-uniform
    const int p = p0 + 32 * it + 4 * warp + pg;
    float s[4];
#pragma unroll
    for (int h = 0; h < 4; ++h) {
      const float4* qv = reinterpret_cast<const float4*>(&qs[h][8 * j]);
      float v = dot8(kr[it], qv[0], qv[1], 0.f);
      v += __shfl_xor_sync(0xffffffffu, v, 1);
      v += __shfl_xor_sync(0xffffffffu, v, 2);
      v += __shfl_xor_sync(0xffffffffu, v, 4);
      s[h] = v;
    }
    if (p < p1 && j == 0)
#pragma unroll
      for (int h = 0; h < 4; ++h) sc[h][p - p0] = s[h] * 0.125f;  // 1/sqrt(HD)
  }
  __syncthreads();
  const int m = p1 - p0;
  if (warp < 4) {  // warp h: softmax statistics of query head h
    float mx = -INFINITY;
    for (int i = lane; i < m; i += 32) mx = fmaxf(mx, sc[warp][i]);
    mx = warp_max(mx);
    float sum = 0.f;
    for (int i = lane; i < m; i += 32) {
      const float e = __expf(sc[warp][i] - mx);
      sc[warp][i] = e;
      sum += e;
    }
    sum = warp_sum(sum);
    if (lane == 0) { pml[(warp * a.nchunks + c) * 2] = mx; pml[(warp * a.nchunks + c) * 2 + 1] = sum; }
  }
  __syncthreads();
  // P.V: each lane its positions' rows for dims 8j..8j+7, then over the 4 position groups, then the warps
  float o[4][8];
#pragma unroll
  for (int h = 0; h < 4; ++h)
#pragma unroll
    for (int i = 0; i < 8; ++i) o[h][i] = 0.f;
#pragma unroll
  for (int it = 0; it < MAXIT; ++it) {
    const int p = p0 + 32 * it + 4 * warp + pg;
    if (p < p1) {
      const uint4 v = vr[it];
      const float vf[8] = {bf_lo(v.x), bf_hi(v.x), bf_lo(v.y), bf_hi(v.y), bf_lo(v.z), bf_hi(v.z), bf_lo(v.w), bf_hi(v.w)};
#pragma unroll
      for (int h = 0; h < 4; ++h) {
        const float e = sc[h][p - p0];
#pragma unroll
        for (int i = 0; i < 8; ++i) o[h][i] = fmaf(e, vf[i], o[h][i]);
      }
    }
  }
#pragma unroll
  for (int h = 0; h < 4; ++h)
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      o[h][i] += __shfl_xor_sync(0xffffffffu, o[h][i], 8);
      o[h][i] += __shfl_xor_sync(0xffffffffu, o[h][i], 16);
    }
  if (pg == 0)
#pragma unroll
    for (int h = 0; h < 4; ++h)
#pragma unroll
      for (int i = 0; i < 8; ++i) red[warp][h][8 * j + i] = o[h][i];
  __syncthreads();
  const int h = t >> 6, d = t & 63;
  float acc = 0.f;
#pragma unroll
  for (int w = 0; w < WARPS; ++w) acc += red[w][h][d];
  po[(h * a.nchunks + c) * HD + d] = acc;
  merge_if_last(a, l, g, pml, po);
}

// O-proj + residual: h_mid[l] = h_in[l] + Wo . attn_o[l].
__global__ void __launch_bounds__(THREADS, PEROP_MINB) k_oproj(const __grid_constant__ Args a, int l) {
  __shared__ __align__(16) float xs[D];
  const uint16_t* W = a.w + a.lay.layer[l].wo;
  auto row_of = [&](int u, int j) { return W + (size_t)(2 * u + j) * D; };
  const Range r = block_range(D / 2);
  prefetch_rows<D, 2>(r, row_of, a.pf_bytes);
  pdl_wait();
  pdl_trigger();
  const float4* src = reinterpret_cast<const float4*>(a.attn_o + (size_t)l * D);
  for (int i = threadIdx.x; i < D / 4; i += THREADS) reinterpret_cast<float4*>(xs)[i] = src[i];
  __syncthreads();
  const float* hin = a.h + (size_t)2 * l * D;
  float* hmid = a.h + (size_t)(2 * l + 1) * D;
  gemv<D, 2>(r, xs, row_of, [&](int u, const float* y) {
    hmid[2 * u] = hin[2 * u] + y[0];
    hmid[2 * u + 1] = hin[2 * u + 1] + y[1];
  });
}

// RMSNorm + gate/up + SiLU*mul: act[l][u] = silu(Wg[u] . x) * (Wu[u] . x).
__global__ void __launch_bounds__(THREADS, PEROP_MINB) k_gateup(const __grid_constant__ Args a, int l) {
  __shared__ __align__(16) float xs[D];
  __shared__ float red[WARPS];
  const uint16_t* Wg = a.w + a.lay.layer[l].wg;
  const uint16_t* Wu = a.w + a.lay.layer[l].wu;
  auto row_of = [&](int u, int j) { return (j ? Wu : Wg) + (size_t)u * D; };
  const Range r = block_range(F);
  prefetch_rows<D, 2>(r, row_of, a.pf_bytes);
  pdl_wait();
  pdl_trigger();
  load_rmsnorm(xs, red, a.h + (size_t)(2 * l + 1) * D, nullptr, a.w + a.lay.layer[l].ffn_norm, nullptr);
  float* act = a.act + (size_t)l * F;
  gemv<D, 2>(r, xs, row_of, [&](int u, const float* y) { act[u] = y[0] / (1.f + __expf(-y[0])) * y[1]; });
}

// down-proj + residual: h_in[l+1] = h_mid[l] + Wd . act[l].
__global__ void __launch_bounds__(THREADS, PEROP_MINB) k_down(const __grid_constant__ Args a, int l) {
  __shared__ __align__(16) float xs[F];
  const uint16_t* W = a.w + a.lay.layer[l].wd;
  auto row_of = [&](int u, int j) { return W + (size_t)(2 * u + j) * F; };
  const Range r = block_range(D / 2);
  prefetch_rows<F, 2>(r, row_of, a.pf_bytes);
  pdl_wait();
  pdl_trigger();
  const float4* src = reinterpret_cast<const float4*>(a.act + (size_t)l * F);
  for (int i = threadIdx.x; i < F / 4; i += THREADS) reinterpret_cast<float4*>(xs)[i] = src[i];
  __syncthreads();
  const float* hmid = a.h + (size_t)(2 * l + 1) * D;
  float* hout = a.h + (size_t)(2 * l + 2) * D;
  gemv<F, 2>(r, xs, row_of, [&](int u, const float* y) {
    hout[2 * u] = hmid[2 * u] + y[0];
    hout[2 * u + 1] = hmid[2 * u + 1] + y[1];
  });
}

// Final RMSNorm + LM head (tied embeddings) + the block's argmax (first index among equal maxima).
__global__ void __launch_bounds__(THREADS, PEROP_MINB) k_lmhead(const __grid_constant__ Args a) {
  __shared__ __align__(16) float xs[D];
  __shared__ float red[WARPS];
  __shared__ float bv[WARPS];
  __shared__ int bi[WARPS];
  const uint16_t* E = a.w + a.lay.embed;
  auto row_of = [&](int u, int j) { return E + (size_t)(2 * u + j) * D; };
  const Range r = block_range(a.vocab / 2);
  prefetch_rows<D, 2>(r, row_of, a.pf_bytes);
  pdl_wait();
  pdl_trigger();
  load_rmsnorm(xs, red, a.h + (size_t)2 * a.n_layers * D, nullptr, a.w + a.lay.final_norm, nullptr);
  float best = -INFINITY;
  int besti = 0x7fffffff;
  gemv<D, 2>(r, xs, row_of, [&](int u, const float* y) {
    a.logits[2 * u] = y[0];
    a.logits[2 * u + 1] = y[1];
    // units of a warp come in increasing order: strict > keeps the first index of a maximum
    if (y[0] > best) { best = y[0]; besti = 2 * u; }
    if (y[1] > best) { best = y[1]; besti = 2 * u + 1; }
  });
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  if (lane == 0) { bv[warp] = best; bi[warp] = besti; }
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int w = 1; w < WARPS; ++w)
      if (bv[w] > best || (bv[w] == best && bi[w] < besti)) { best = bv[w]; besti = bi[w]; }
    a.amax_val[blockIdx.x] = best;
    a.amax_idx[blockIdx.x] = besti;
  }
}

// Global argmax over the LM head's block partials: tokens[pos + 1].
__global__ void __launch_bounds__(32) k_argmax(const __grid_constant__ Args a, int nparts) {
  pdl_wait();
  float best = -INFINITY;
  int besti = 0x7fffffff;
  for (int i = threadIdx.x; i < nparts; i += 32) {
    const float v = a.amax_val[i];
    const int k = a.amax_idx[i];
    if (v > best || (v == best && k < besti)) { best = v; besti = k; }
  }
  for (int o = 16; o; o >>= 1) {
    const float v = __shfl_xor_sync(0xffffffffu, best, o);
    const int k = __shfl_xor_sync(0xffffffffu, besti, o);
    if (v > best || (v == best && k < besti)) { best = v; besti = k; }
  }
  if (threadIdx.x == 0) a.tokens[*a.pos + 1] = besti;
}

// ---------------------------------------------------------------- host: the graph

template <class... KArgs, class... Actual>
static void launch(bool pdl, dim3 grid, dim3 block, cudaStream_t st, void (*k)(KArgs...), Actual&&... args) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = grid;
  cfg.blockDim = block;
  cfg.dynamicSmemBytes = 0;
  cfg.stream = st;
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr[0].val.programmaticStreamSerializationAllowed = 1;
  cfg.attrs = attr;
  cfg.numAttrs = pdl ? 1 : 0;
  CK(cudaLaunchKernelEx(&cfg, k, std::forward<Actual>(args)...));
}

cudaGraphExec_t build_graph(const Args& a, const Options& o, int n_sms, cudaStream_t st, int* n_kernels) {
  if (a.vocab % 2 != 0) { fprintf(stderr, "perop: vocab must be even\n"); exit(2); }
  if (a.kv_chunk < 1 || a.kv_chunk > MAX_CHUNK || a.kv_chunk % 4 != 0) { fprintf(stderr, "perop: bad kv_chunk\n"); exit(2); }
  const int grid = o.gemv_grid > 0 ? o.gemv_grid : 2 * n_sms;
  cudaGraph_t g;
  int n = 0;
  CK(cudaStreamBeginCapture(st, cudaStreamCaptureModeThreadLocal));
  for (int l = 0; l < a.n_layers; ++l) {
    launch(o.pdl, dim3(grid), dim3(THREADS), st, k_qkv, a, l);
    launch(o.pdl, dim3(a.nchunks, NKV), dim3(THREADS), st, k_attn, a, l);
    launch(o.pdl, dim3(grid), dim3(THREADS), st, k_oproj, a, l);
    launch(o.pdl, dim3(grid), dim3(THREADS), st, k_gateup, a, l);
    launch(o.pdl, dim3(grid), dim3(THREADS), st, k_down, a, l);
    n += 5;
  }
  launch(o.pdl, dim3(grid), dim3(THREADS), st, k_lmhead, a);
  launch(o.pdl, dim3(1), dim3(32), st, k_argmax, a, grid);
  n += 2;
  CK(cudaStreamEndCapture(st, &g));
  cudaGraphExec_t exec;
  CK(cudaGraphInstantiate(&exec, g, 0));
  CK(cudaGraphDestroy(g));
  if (n_kernels) *n_kernels = n;
  return exec;
}

}  // namespace perop
}  // namespace mk
