// table_interp_helpers_ok.cu (the instruction word passed to inlined helpers by const reference
// and by value, a watchdog in the page wait) with the consumers' parity off by one: use_tile is
// called with `(n[stage] + 1) & 1`.
// Bug: the first use of each stage waits with parity 1 while phase 0 of 'full' is the one it has
// not seen complete, so the wait passes at once and the reads can run before the tile lands.
// Reported at the wait (inside the helper, where the loop spins), once. Second consequence,
// also reported there: once the tile has landed, the same wait blocks for phase 1 instead,
// which needs the refill, which waits for this consumer's release: the loader's 'empty' wait
// (the same helper) never completes (never released).
// syncproof-args: --block 160 --grid 1:1024
#include <cuda/ptx>
namespace ptx = cuda::ptx;
enum { LOAD, USE };
struct Step { int op, stage, tile; };
__constant__ Step prog[6] = {{LOAD, 0, 0}, {LOAD, 1, 1}, {USE, 0, 0}, {LOAD, 0, 2}, {USE, 1, 1}, {USE, 0, 2}};

__device__ __forceinline__ void watchdog(unsigned& spins) {
  if (++spins == (1u << 26)) {
    printf("stuck in a page wait\n");
    __trap();
  }
}

__device__ __forceinline__ void wait_parity(cuda::std::uint64_t* bar, unsigned parity) {
  unsigned spins = 0;
  while (!ptx::mbarrier_try_wait_parity(bar, parity)) watchdog(spins);  // expected-mbarrier {{parity}}
  // expected-deadlock@-1 {{never released}}
}

__device__ __forceinline__ bool is_load(Step st) { return st.op == LOAD; }

__device__ __forceinline__ void load_tile(const Step& st, const float* in, float (*buf)[256], cuda::std::uint64_t* full,
                                          cuda::std::uint64_t* empty, unsigned uses) {
  if (uses > 0) wait_parity(&empty[st.stage], (uses - 1) & 1);
  ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[st.stage], 1024u);
  ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf[st.stage], in + (blockIdx.x * 3 + st.tile) * 256, 1024u,
                     &full[st.stage]);
}

__device__ __forceinline__ float use_tile(const Step& st, unsigned t, float (*buf)[256], cuda::std::uint64_t* full,
                                          cuda::std::uint64_t* empty, unsigned parity) {
  wait_parity(&full[st.stage], parity);
  float v = buf[st.stage][t - 32] + buf[st.stage][t + 96];
  (void)ptx::mbarrier_arrive(&empty[st.stage]);
  return v;
}

__global__ void table_interp(const float* in, float* out) {
  __shared__ alignas(128) float buf[2][256];
  __shared__ alignas(8) cuda::std::uint64_t full[2], empty[2];
  unsigned t = threadIdx.x, n[2] = {0, 0};
  if (t == 0) {
    for (int s = 0; s < 2; s++) {
      ptx::mbarrier_init(&full[s], 1);
      ptx::mbarrier_init(&empty[s], 128);
    }
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  float acc = 0.0f;
  for (int i = 0; i < 6; i++) {
    Step st = prog[i];
    if (is_load(st) && t == 0) {
      load_tile(st, in, buf, full, empty, n[st.stage]);
      n[st.stage]++;
    } else if (!is_load(st) && t >= 32) {
      acc += use_tile(st, t, buf, full, empty, (n[st.stage] + 1) & 1);
      n[st.stage]++;
    }
  }
  if (t >= 32) out[blockIdx.x * 128 + t - 32] = acc;
}
