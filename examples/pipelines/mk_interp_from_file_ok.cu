// mk_interp_ok.cu with its program in global memory, as a host scheduler would write it: the
// kernel reads prog[b * 10 + i] through a pointer parameter, and the contract gives what that
// memory holds (--memory prog=FILE: mk_interp_program.words beside this file, 4 ints per
// instruction, 10 instructions per block). Loads of it are then the file's values, like a
// __constant__ initializer's, and the interpreter is checked block by block (docs/spec-format.md
// "Memory contents").
// syncproof-args: --block 160 --grid 2 --cooperative --memory prog=%S/mk_interp_program.words
// expected-no-diagnostics
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
        do
          asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(counters + in.a) : "memory");
        while (v < 2);
      }
      asm volatile("bar.sync 1, 128;" ::: "memory");
    }
  }
}
