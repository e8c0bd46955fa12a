// A one-block interpreter over a __constant__ instruction table (the shape of a megakernel's
// per-SM queue): thread 0 loads tiles with bulk copies into two stages, the 128 threads of
// warps 1-4 use them. Each stage has 'full' (count 1 + tx) and 'empty' (count 128)
// mbarriers; n[stage] (a local array) counts each stage's uses, so the waits name the right
// parity. The instruction words come from the table: syncproof reads its initializer, runs
// the 6-step loop iteration by iteration and keeps only the branch of each step's opcode.
// Bug: the reload of stage 0 (step 3) does not wait for the empty phase of its readers: the
// bulk copy of tile 2 can overwrite buf[0] while warps 1-4 still read tile 0: reported at the
// refill (page-reuse); and thread 0's second arrive on full[0] can land in phase 0 (its bytes
// still in flight). Like tma_pipeline_no_empty_wait.cu: syncproof reports the arrival
// (previous phase) and the refill (page-reuse, still in use).
// syncproof-args: --block 160 --grid 1:1024

#include <cuda/ptx>
namespace ptx = cuda::ptx;
enum { LOAD, USE };
struct Step { int op, stage, tile; };
__constant__ Step prog[6] = {{LOAD, 0, 0}, {LOAD, 1, 1}, {USE, 0, 0}, {LOAD, 0, 2}, {USE, 1, 1}, {USE, 0, 2}};

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
    if (st.op == LOAD && t == 0) {
      if (false)  // the wait for the readers was dropped
        while (!ptx::mbarrier_try_wait_parity(&empty[st.stage], (n[st.stage] - 1) & 1)) {
        }
      ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[st.stage], 1024u);  // expected-mbarrier {{previous phase}}
      ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, buf[st.stage], in + (blockIdx.x * 3 + st.tile) * 256, 1024u,  // expected-page-reuse {{still in use}}
                         &full[st.stage]);
      n[st.stage]++;
    } else if (st.op == USE && t >= 32) {
      while (!ptx::mbarrier_try_wait_parity(&full[st.stage], n[st.stage] & 1)) {
      }
      acc += buf[st.stage][t - 32] + buf[st.stage][t + 96];
      (void)ptx::mbarrier_arrive(&empty[st.stage]);
      n[st.stage]++;
    }
  }
  if (t >= 32) out[blockIdx.x * 128 + t - 32] = acc;
}
