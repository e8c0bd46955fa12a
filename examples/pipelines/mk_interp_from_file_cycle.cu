// mk_interp_from_file_ok.cu with the program file of mk_interp_schedule_cycle.cu: block 1's
// queue (in mk_interp_program_cycle.words) has its two SYNC instructions swapped. Block 0
// waits for counter 0, which needs block 1's SYNC 0 - after block 1's wait for counter 1,
// which needs block 0's SYNC 1 - after block 0's wait: a cycle, both blocks spin forever.
// The bug is in the data the host scheduler wrote, not in the kernel: the same source is
// proved with mk_interp_program.words.
// syncproof-args: --block 160 --grid 2 --cooperative --memory prog=%S/mk_interp_program_cycle.words
#include <cuda/ptx>
namespace ptx = cuda::ptx;
enum { LOAD, MATVEC, SYNC };
struct Ins { int op, lp, a, src; };
__constant__ int page_map[4] = {2, 0, 3, 1};

__global__ void __launch_bounds__(160, 1) interp(const Ins* prog, const float* W, const float* x, float* act, unsigned* counters) {
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
    Ins in = prog[b * 10 + i];  int p = page_map[in.lp];
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
        do  // expected-deadlock {{cycle}}
          asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(counters + in.a) : "memory");
        while (v < 2);
      }
      asm volatile("bar.sync 1, 128;" ::: "memory");
    }
  }
}
