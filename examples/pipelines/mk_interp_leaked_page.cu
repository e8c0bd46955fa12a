// The interpreter of mk_interp_ok.cu with padding instructions: the scheduler emits MATVEC
// with o = -1 for a page whose output is not needed, and MATVEC skips such an instruction
// (it counts the use, touches nothing). The schedule loads w1 into logical page 1, pads its
// MATVEC, then reloads page 1 with w3.
// Bug: the padded MATVEC never releases page 1 (it neither waits 'full' nor arrives on
// 'empty'), so the loader's wait for the release before reloading page 1 never completes:
// the page is leaked (the consumers then also wait forever for the reload). Reported at the
// loader's 'empty' wait that can never complete. Second symptom, also reported: the padded
// MATVEC skips its 'full' wait too, so the next MATVEC of page 1 waits with parity 1 while
// it has seen no phase of 'full' complete: if the first fill has not landed yet, that wait
// passes at once (and the read races with the copy); if it has, it waits for the reload
// that the leaked page blocks.
// syncproof-args: --block 160 --grid 2 --cooperative
#include <cuda/ptx>
namespace ptx = cuda::ptx;
enum { LOAD, MATVEC, SYNC };
struct Ins { int op, lp, a, src; };
#define QUEUE {{LOAD, 0, 0, 0}, {LOAD, 1, 1, 0}, {MATVEC, 0, 0, 0}, {SYNC, 0, 0, 0}, {LOAD, 2, 2, 0}, \
               {MATVEC, 1, -1, 1}, {LOAD, 1, 3, 0}, {MATVEC, 2, 2, 1}, {MATVEC, 1, 3, 1}, {SYNC, 0, 1, 0}}
__constant__ Ins prog[2][10] = {QUEUE, QUEUE};
__constant__ int page_map[4] = {2, 0, 3, 1};

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
        while (!ptx::mbarrier_try_wait_parity(&empty[p], (n[in.lp] - 1) & 1)) {}  // expected-deadlock {{never released}}
      ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[p], 4096u);
      ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, pages[p], W + (in.a * 2 + b) * 1024, 4096u, &full[p]);
      n[in.lp]++;
    } else if (t >= 32 && in.op == MATVEC) {
      unsigned c = t - 32;
      if (in.a < 0) {  // padding: nothing to compute
        n[in.lp]++;
        continue;
      }
      while (!ptx::mbarrier_try_wait_parity(&full[p], n[in.lp] & 1)) {}  // expected-mbarrier {{parity}}
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
