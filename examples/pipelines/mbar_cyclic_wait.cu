// Two warps hand a row back and forth through two mbarriers (count 32 each): warp 1 doubles
// what warp 0 wrote, warp 0 adds one to what warp 1 wrote.
// Bug: each warp waits for the other's phase 0 before it arrives on its own barrier, so
// every arrival that phase 0 of b[1] needs comes after a wait for phase 0 of b[0], whose
// arrivals come after the wait for b[1]: both warps hang. syncproof reports the hang at the
// init of b[1]: a thread that passed a wait knows that phase complete, and that knowledge
// reaches warp 1 through b[0], so warp 1's arrivals count in phase 1 and phase 0 of b[1] has
// none (what the deadlocked execution shows too: they never happen). Never proved.
// syncproof-args: --block 64 --grid 1:1024
#include <cuda/ptx>
namespace ptx = cuda::ptx;

__global__ void ping_pong(float* out) {
  __shared__ alignas(8) cuda::std::uint64_t b[2];
  __shared__ float v[2][32];
  unsigned t = threadIdx.x, w = t / 32, l = t % 32;
  if (t == 0) {
    ptx::mbarrier_init(&b[0], 32);
    ptx::mbarrier_init(&b[1], 32);  // expected-mbarrier {{arrival count}}
  }
  __syncthreads();
  if (w == 0) {
    while (!ptx::mbarrier_try_wait_parity(&b[1], 0)) {
    }
    v[0][l] = v[1][l] + 1.0f;
    (void)ptx::mbarrier_arrive(&b[0]);
  } else {
    while (!ptx::mbarrier_try_wait_parity(&b[0], 0)) {
    }
    v[1][l] = v[0][l] * 2.0f;
    (void)ptx::mbarrier_arrive(&b[1]);
  }
  out[blockIdx.x * 64 + t] = v[w][l];
}
