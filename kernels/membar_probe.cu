// membar_probe.cu — attempt 14 diagnosis: what does a release cost on this chip while bulk copies stream?
// CTA 0, thread 0 times (clock64, R repetitions each) a fence.acq_rel.gpu, a store + red.release.gpu,
// and L2-resident loads (relaxed, acquire, two acquires back to back) while lane 0 of warp 1 in every
// CTA keeps K 16-KiB cp.async.bulk copies in flight (K0 in CTA 0, K1 in the others; 0 = no stream).
// Configurations: quiet; own copies only; congestion only (the other 131 SMs stream); both.
// Build: nvcc -O3 -gencode=arch=compute_90a,code=sm_90a membar_probe.cu -o membar_probe
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include "cuda_check.h"

constexpr int PAGE = 16384, RING = 12, NPROBE = 9, R = 400;
__device__ __forceinline__ uint32_t sa(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }

__global__ void __launch_bounds__(64, 1) probe(const uint8_t* src, size_t npages, int K0, int K1, unsigned* cell,
                                               unsigned long long* out) {
  extern __shared__ __align__(128) uint8_t sm[];
  uint64_t* full = reinterpret_cast<uint64_t*>(sm + RING * PAGE);
  volatile int* stop = reinterpret_cast<volatile int*>(sm + RING * PAGE + RING * 8);
  const int K = blockIdx.x == 0 ? K0 : K1;
  if (threadIdx.x == 0) {
    for (int i = 0; i < RING; ++i) asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(sa(&full[i])));
    *stop = 0;
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  if (threadIdx.x == 32) {  // streamer
    if (K == 0) return;
    unsigned long long i = 0;
    for (;; ++i) {
      const int slot = (int)(i % K);
      if (i >= (unsigned long long)K) {
        const unsigned par = (unsigned)((i / K - 1) & 1);
        unsigned ok = 0;
        while (!ok)
          asm volatile("{ .reg .pred P; mbarrier.try_wait.parity.shared::cta.b64 P, [%1], %2; selp.u32 %0, 1, 0, P; }"
                       : "=r"(ok) : "r"(sa(&full[slot])), "r"(par) : "memory");
      }
      if (*stop) break;
      const uint8_t* s = src + ((i * gridDim.x + blockIdx.x) % npages) * PAGE;
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(sa(&full[slot])), "r"(PAGE) : "memory");
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                   ::"r"(sa(sm + slot * PAGE)), "l"(s), "r"(PAGE), "r"(sa(&full[slot])) : "memory");
    }
    // drain: every copy issued (i of them, the last K possibly in flight) completes before exit
    for (unsigned long long j = (i > (unsigned long long)K ? i - K : 0); j < i; ++j) {
      const int slot = (int)(j % K);
      const unsigned par = (unsigned)((j / K) & 1);
      unsigned ok = 0;
      while (!ok)
        asm volatile("{ .reg .pred P; mbarrier.try_wait.parity.shared::cta.b64 P, [%1], %2; selp.u32 %0, 1, 0, P; }"
                     : "=r"(ok) : "r"(sa(&full[slot])), "r"(par) : "memory");
    }
    return;
  }
  if (threadIdx.x != 0) return;
  // thread 0 of every CTA: wait ~40 us (stream reaches steady state), CTA 0 measures, then all stop
  long long t0 = clock64();
  while (clock64() - t0 < 80000) {}
  if (blockIdx.x == 0) {
    unsigned long long acc[NPROBE] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
    unsigned* mine = cell + 64;  // own line, stores
    unsigned* ctr = cell;        // L2-resident line (written by the host memset)
    unsigned sink = 0;
    for (int r = 0; r < R; ++r) {
      long long a, b;
      unsigned v1, v2;
      // 0: fence.acq_rel.gpu, nothing stored before
      a = clock64(); asm volatile("fence.acq_rel.gpu;" ::: "memory"); b = clock64(); acc[0] += b - a;
      // 1: store, then fence.acq_rel.gpu
      asm volatile("st.global.u32 [%0], %1;" ::"l"(mine), "r"(r) : "memory");
      a = clock64(); asm volatile("fence.acq_rel.gpu;" ::: "memory"); b = clock64(); acc[1] += b - a;
      // 2: store, then red.release.gpu (its blocking part)
      asm volatile("st.global.u32 [%0], %1;" ::"l"(mine), "r"(r) : "memory");
      a = clock64(); asm volatile("red.release.gpu.global.add.u32 [%0], 1;" ::"l"(mine + 32) : "memory"); b = clock64(); acc[2] += b - a;
      // 3: ld.relaxed.gpu round trip (L2 hit)
      a = clock64(); asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v1) : "l"(ctr) : "memory");
      sink += v1; asm volatile("" ::"r"(sink)); b = clock64(); acc[3] += b - a;
      // 4: ld.acquire.gpu round trip
      a = clock64(); asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v1) : "l"(ctr) : "memory");
      sink += v1; asm volatile("" ::"r"(sink)); b = clock64(); acc[4] += b - a;
      // 5: two ld.acquire.gpu issued back to back, both used after: ~1 round trip if they overlap
      a = clock64();
      asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v1) : "l"(ctr) : "memory");
      asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v2) : "l"(ctr + 32) : "memory");
      sink += v1 + v2; asm volatile("" ::"r"(sink)); b = clock64(); acc[5] += b - a;
      // 6: two ld.relaxed.gpu back to back
      a = clock64();
      asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v1) : "l"(ctr) : "memory");
      asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v2) : "l"(ctr + 32) : "memory");
      sink += v1 + v2; asm volatile("" ::"r"(sink)); b = clock64(); acc[6] += b - a;
      // 7: store, then fence.release.gpu + red.relaxed.gpu (a release pattern)
      asm volatile("st.global.u32 [%0], %1;" ::"l"(mine), "r"(r) : "memory");
      a = clock64();
      asm volatile("fence.release.gpu;\n\tred.relaxed.gpu.global.add.u32 [%0], 1;" ::"l"(mine + 32) : "memory");
      b = clock64(); acc[7] += b - a;
      // 8: store, then fence.acq_rel.gpu + red.relaxed.gpu
      asm volatile("st.global.u32 [%0], %1;" ::"l"(mine), "r"(r) : "memory");
      a = clock64();
      asm volatile("fence.acq_rel.gpu;\n\tred.relaxed.gpu.global.add.u32 [%0], 1;" ::"l"(mine + 32) : "memory");
      b = clock64(); acc[8] += b - a;
    }
    for (int k = 0; k < NPROBE; ++k) out[k] = acc[k] / R;
    out[NPROBE] = sink;
    asm volatile("st.release.gpu.global.u32 [%0], 1;" ::"l"(cell + 96) : "memory");
  } else {
    unsigned f = 0;
    while (!f) asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(f) : "l"(cell + 96) : "memory");
  }
  *stop = 1;
}

int main() {
  const size_t bytes = (size_t)2 << 30, npages = bytes / PAGE;
  uint8_t* src;
  unsigned* cell;
  unsigned long long* out;
  CK(cudaMalloc(&src, bytes));
  CK(cudaMemset(src, 1, bytes));
  CK(cudaMalloc(&cell, 4096));
  CK(cudaMalloc(&out, 64 * 8));
  int nsm = 0;
  CK(cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, 0));
  const int smem = RING * PAGE + RING * 8 + 128;
  CK(cudaFuncSetAttribute(probe, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  int clk = 0;
  CK(cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, 0));
  const char* names[NPROBE] = {"fence", "st+fence", "st+red.rel", "ld.rlx", "ld.acq", "2x ld.acq", "2x ld.rlx",
                               "st+f.rel+red", "st+f.ar+red"};
  struct Cfg { int K0, K1; const char* what; } cfgs[] = {
      {0, 0, "quiet"}, {12, 0, "own 12 copies in flight, others quiet"}, {0, 12, "others stream (12), own quiet"},
      {12, 12, "all stream (12)"}, {2, 12, "own 2 in flight, others 12"}, {0, 0, "quiet (again)"}};
  printf("membar_probe: %d SMs, cycles (mean of %d) per probe on CTA 0, thread 0\n%-40s", nsm, R, "config");
  for (int k = 0; k < NPROBE; ++k) printf(" %11s", names[k]);
  printf("   stream GB/s\n");
  for (const Cfg& c : cfgs) {
    CK(cudaMemset(cell, 0, 4096));
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
    CK(cudaEventRecord(e0));
    probe<<<nsm, 64, smem>>>(src, npages, c.K0, c.K1, cell, out);
    CK(cudaEventRecord(e1));
    CK(cudaDeviceSynchronize());
    CK(cudaGetLastError());
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    unsigned long long h[NPROBE + 1];
    CK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
    printf("%-40s", c.what);
    for (int k = 0; k < NPROBE; ++k) printf(" %11llu", h[k]);
    printf("   (%.2f ms launch)\n", ms);
  }
  printf("(clock %d MHz: 1000 cycles = %.2f us)\n", clk / 1000, 1000.0 / (clk / 1000.0));
  return 0;
}
