// cooperative_groups' split barrier: each thread arrives, then writes s[t], then waits. The
// write after the arrival is not ordered before another thread's read after the wait (a
// race). Before session 15 barrier_arrive was dropped and barrier_wait was taken for a full
// sync(), so the kernel was proved; both are now reported as not modelled.
// syncproof-args: --block 128 --grid 1:65535
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void split(float* out, const float* in) {
  __shared__ float s[128];
  cg::thread_block b = cg::this_thread_block();
  unsigned t = threadIdx.x;
  auto tok = b.barrier_arrive();  // expected-unknown {{split barrier}}
  s[t] = in[blockIdx.x * 128 + t];  // expected-unknown {{possible data race on 's'}}
  b.barrier_wait(std::move(tok));  // expected-unknown {{split barrier}}
  out[blockIdx.x * 128 + t] = s[127 - t];
}
