// Same two rounds as cudabar_arrive_wait_ok.cu, "optimised" by splitting arrive_and_wait():
// each thread writes s[0][t], arrives (token t0), writes s[1][t] (round 2 no longer depends
// on round 1 here), arrives again (token t1), and only then waits for t0 and t1.
// Bug: a thread may arrive for round 2 before phase 0 has completed. Its second arrival then
// lands in phase 0 (the pending count does not know which round it is for): phase 0 can
// complete with 128 arrivals while some thread has not yet written s[0][t], and readers of
// s[0][127 - t] race with it. Reported at the second arrive; the race is not reported again.
// syncproof-args: --block 128 --grid 1:65535
#include <cuda/barrier>
#include <cuda/std/utility>
using barrier_t = cuda::barrier<cuda::thread_scope_block>;

__global__ void two_rounds(const float* in, const float* in2, float* out) {
  __shared__ alignas(barrier_t) unsigned char bar_mem[sizeof(barrier_t)];
  __shared__ float s[2][128];
  barrier_t& bar = *reinterpret_cast<barrier_t*>(bar_mem);
  unsigned t = threadIdx.x, base = blockIdx.x * 128;
  if (t == 0)
    init(&bar, 128);
  __syncthreads();
  s[0][t] = in[base + t];
  barrier_t::arrival_token t0 = bar.arrive();
  s[1][t] = in2[base + t];
  barrier_t::arrival_token t1 = bar.arrive();  // expected-mbarrier {{previous phase}}
  bar.wait(cuda::std::move(t0));
  float x = s[0][127 - t];
  bar.wait(cuda::std::move(t1));
  out[base + t] = x + s[1][127 - t];
}
