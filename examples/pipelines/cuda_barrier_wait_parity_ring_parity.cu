// The ring of cuda_barrier_wait_parity_ring_ok.cu, but the consumers flip their parity on
// every iteration instead of every second one (as if the ring had one stage). Bug: in
// iteration 2 they wait on full[0] for parity 0 while its phase 1 has not completed; a
// wait for the parity of a completed phase passes at once, so they read buf[0] while the
// bulk copy into it may still be writing.
// syncproof-args: --block 96 --grid 1:1024 --param n=0:1000000
#include <cuda/barrier>
#include <cuda/ptx>

using barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void __launch_bounds__(96) ring_sum(const float* in, float* out, int n) {
  __shared__ alignas(128) float buf[2][256];
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ barrier full[2];
  __shared__ barrier empty[2];
  if (threadIdx.x == 0) {
    for (int s = 0; s < 2; ++s) {
      init(&full[s], 1);
      init(&empty[s], 64);
    }
    cuda::ptx::fence_proxy_async(cuda::ptx::space_shared);
  }
  __syncthreads();
  const float* src = in + size_t(blockIdx.x) * size_t(n) * 256;
  if (threadIdx.x == 0) {
    for (int i = 0; i < n; ++i) {
      int s = i % 2;
      empty[s].wait_parity(((i / 2) & 1) ^ 1);
      cuda::device::memcpy_async_tx(buf[s], src + size_t(i) * 256, cuda::aligned_size_t<16>(sizeof(buf[s])), full[s]);
      barrier::arrival_token t = cuda::device::barrier_arrive_tx(full[s], 1, sizeof(buf[s]));
      (void)t;
    }
  } else if (threadIdx.x >= 32) {
    int t = threadIdx.x - 32;
    float acc = 0.f;
    for (int i = 0; i < n; ++i) {
      int s = i % 2;
      full[s].wait_parity(i & 1);  // expected-mbarrier {{parity: in iteration 2 of the loop, thread 32 waits on 'full' with parity 0}}
      for (int j = t; j < 256; j += 64) acc += buf[s][j];
      barrier::arrival_token tok = empty[s].arrive();
      (void)tok;
    }
    out[size_t(blockIdx.x) * 64 + t] = acc;
  }
}
