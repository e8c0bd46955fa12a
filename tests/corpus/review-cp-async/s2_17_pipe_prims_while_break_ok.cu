// corpus-source: written for a black-box review of syncproof's cp.async group induction (two pipeline loops in sequence as in FlashAttention-2 sm80 and CUTLASS sm80 mainloops with epilogues, loops left by break, a commit per inner chunk), from the PTX ISA rules for cp.async.commit_group / wait_group
// corpus-form: written
// syncproof-args: --grid 1:8 --block 128 --param ntiles=0:64 --param nstop=0:64
// corpus-expect: correct
// TRUTH (the reviewer's): correct — while(true) with 'if (tile >= ntiles) break;' and a second runtime early-exit; __pipeline_wait_prior(0) + barrier before each read of stage tile&1; the copy into the other stage follows the barrier (that stage was last read one iteration earlier); final __pipeline_wait_prior(0) + __syncthreads drains the prefetch an early exit leaves.
// Block is fixed at 128 threads: each thread copies 16 B (4 floats) of a 512-float tile.
#include <cuda_pipeline_primitives.h>

__global__ void pipe_prims_while_break_ok(const float* __restrict__ in, float* __restrict__ out, int ntiles, int nstop) {
  __shared__ __align__(16) float sbuf[2][512];
  const int tid = threadIdx.x;
  const float* g = in + blockIdx.x * ntiles * 512 + tid * 4;
  float acc = 0.f;
  if (ntiles > 0) __pipeline_memcpy_async(&sbuf[0][tid * 4], g, 16);
  __pipeline_commit();
  int tile = 0;
  while (true) {
    if (tile >= ntiles) break;
    __pipeline_wait_prior(0);
    __syncthreads();
    if (tile + 1 < ntiles) __pipeline_memcpy_async(&sbuf[(tile + 1) & 1][tid * 4], g + (tile + 1) * 512, 16);
    __pipeline_commit();
    acc += sbuf[tile & 1][(tid * 4 + 4) & 511];
    if (tile == nstop) break;
    ++tile;
  }
  __pipeline_wait_prior(0);
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = acc;
}
