// A two-stage ring of cuda::barrier pairs driven by wait_parity (libcu++ <cuda/barrier>):
// thread 0 waits until a stage is empty, announces its bytes with barrier_arrive_tx and
// fills it with memcpy_async_tx; the 64 threads of warps 1-2 wait for the full phase with
// wait_parity, read the stage and arrive on its empty barrier. The producer's first lap
// waits for parity 1 of the empty barriers, the phase before phase 0, which counts as
// complete, so it passes at once. Proved for every n by induction over the iteration.
// syncproof-args: --block 96 --grid 1:1024 --param n=0:1000000
// expected-no-diagnostics
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
      full[s].wait_parity((i / 2) & 1);
      for (int j = t; j < 256; j += 64) acc += buf[s][j];
      barrier::arrival_token tok = empty[s].arrive();
      (void)tok;
    }
    out[size_t(blockIdx.x) * 64 + t] = acc;
  }
}
