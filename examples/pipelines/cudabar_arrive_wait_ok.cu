// Two exchange rounds through shared memory ordered by one cuda::barrier<thread_scope_block>
// (an mbarrier in shared memory on sm_90; Clang rejects a __shared__ object with a
// constructor, so it is placed in raw __shared__ storage and initialised with init()).
// Every thread writes s[r][t], calls arrive_and_wait() (arrive = mbarrier.arrive, release.cta;
// wait = try_wait on the token, acquire.cta) and reads s[r][127 - t].
// Correct: count 128 = every thread arrives once per phase, and each thread waits for phase
// r before it arrives for phase r + 1, so its second arrival cannot land in phase 0.
// syncproof-args: --block 128 --grid 1:65535
// expected-no-diagnostics
#include <cuda/barrier>
using barrier_t = cuda::barrier<cuda::thread_scope_block>;

__global__ void two_rounds(const float* in, float* out) {
  __shared__ alignas(barrier_t) unsigned char bar_mem[sizeof(barrier_t)];
  __shared__ float s[2][128];
  barrier_t& bar = *reinterpret_cast<barrier_t*>(bar_mem);
  unsigned t = threadIdx.x, base = blockIdx.x * 128;
  if (t == 0)
    init(&bar, 128);
  __syncthreads();
  s[0][t] = in[base + t];
  bar.arrive_and_wait();
  s[1][t] = 2.0f * s[0][127 - t];
  bar.arrive_and_wait();
  out[base + t] = s[1][127 - t];
}
