// The interpreter of mk_interp_ok.cu with a page map that is not a permutation: {2, 0, 2, 1}
// maps logical pages 0 and 2 to physical page 2 (and no logical page to physical page 3).
// Bug: phases are counted per logical page, so the first LOAD of logical page 2 does not
// wait for any release and bulk-copies w2 into physical page 2 while the consumers may still
// read w0 there (MATVEC lp0), and the 'full'/'empty' phases of physical page 2 no longer
// match either page's count. Reported at the page map; its consequences are not reported.
// syncproof-args: --block 160 --grid 2 --cooperative
#include <cuda/ptx>
namespace ptx = cuda::ptx;
enum { LOAD, MATVEC, SYNC };
struct Ins { int op, lp, a, src; };
#define QUEUE {{LOAD, 0, 0, 0}, {LOAD, 1, 1, 0}, {MATVEC, 0, 0, 0}, {SYNC, 0, 0, 0}, {LOAD, 2, 2, 0}, \
               {MATVEC, 1, 1, 1}, {LOAD, 0, 3, 0}, {MATVEC, 2, 2, 1}, {MATVEC, 0, 3, 1}, {SYNC, 0, 1, 0}}
__constant__ Ins prog[2][10] = {QUEUE, QUEUE};
__constant__ int page_map[4] = {2, 0, 2, 1};  // expected-page-reuse {{not a permutation}}

__global__ void __launch_bounds__(160, 1) interp(const float* W, const float* x, float* act, unsigned* counters) {
  __shared__ alignas(128) float pages[4][1024];
  __shared__ alignas(8) cuda::std::uint64_t full[4], empty[4];
  unsigned t = threadIdx.x, b = blockIdx.x, n[4] = {0, 0, 0, 0};
  if (t == 0) {
    for (int p = 0; p < 4; p++)
      ptx::mbarrier_init(&full[p], 1), ptx::mbarrier_init(&empty[p], 128);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  for (int i = 0; i < 10; i++) {
    Ins in = prog[b][i];  int p = page_map[in.lp];
    if (t == 0 && in.op == LOAD) {
      if (n[in.lp] > 0)
        while (!ptx::mbarrier_try_wait_parity(&empty[p], (n[in.lp] - 1) & 1)) {}
      ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[p], 4096u);
      ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, pages[p], W + (in.a * 2 + b) * 1024, 4096u, &full[p]);
      n[in.lp]++;
    } else if (t >= 32 && in.op == MATVEC) {
      unsigned c = t - 32;
      while (!ptx::mbarrier_try_wait_parity(&full[p], n[in.lp] & 1)) {}
      float s = 0.0f;
      for (int j = 0; j < 8; j++)
        s += pages[p][c * 8 + j] * (in.src ? act[j * 32] : x[j]);
      act[in.a * 256 + b * 128 + c] = s;
      (void)ptx::mbarrier_arrive(&empty[p]);
      n[in.lp]++;
    } else if (t >= 32 && in.op == SYNC) {
      asm volatile("bar.sync 1, 128;" ::: "memory");
      if (t == 32) {
        asm volatile("red.release.gpu.global.add.u32 [%0], 1;" ::"l"(counters + in.a) : "memory");
        unsigned v;
        do
          asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(counters + in.a) : "memory");
        while (v < 2);
      }
      asm volatile("bar.sync 1, 128;" ::: "memory");
    }
  }
}
