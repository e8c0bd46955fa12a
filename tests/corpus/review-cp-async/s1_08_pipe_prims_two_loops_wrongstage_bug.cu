// corpus-source: written for a black-box review of syncproof's cp.async group induction (two pipeline loops in sequence as in FlashAttention-2 sm80 and CUTLASS sm80 mainloops with epilogues, loops left by break, a commit per inner chunk), from the PTX ISA rules for cp.async.commit_group / wait_group
// corpus-form: written
// syncproof-args: --grid 1:8 --block 128 --param ntiles=1:64 --param nmask=0:4
// corpus-expect: buggy async-copy
// TRUTH (the reviewer's): buggy — loop 2 writes tile t+2 into stage (t+1)%3 instead of (t+2)%3; the next iteration's wait_prior(1) leaves exactly that newest batch pending, so its read of stage (t+1)%3 (thread u-1 reading thread u's word) races with the in-flight copy (e.g. nmask=0, ntiles=3).
// Block is fixed at 128 threads: each thread copies 16 B (4 floats) of a 512-float tile.
#include <cuda_pipeline_primitives.h>

__global__ void pipe_prims_two_loops_wrongstage(const float* __restrict__ in, float* __restrict__ out, int ntiles, int nmask) {
  __shared__ __align__(16) float sbuf[3][512];
  const int tid = threadIdx.x;
  const float* g = in + blockIdx.x * ntiles * 512 + tid * 4;
  const int n1 = nmask < ntiles ? nmask : ntiles;
  float acc = 0.f;
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    if (s < ntiles) __pipeline_memcpy_async(&sbuf[s][tid * 4], g + s * 512, 16);
    __pipeline_commit();
  }
  int t = 0;
  for (; t < n1; ++t) {
    __pipeline_wait_prior(1);
    __syncthreads();
    if (t + 2 < ntiles) __pipeline_memcpy_async(&sbuf[(t + 2) % 3][tid * 4], g + (t + 2) * 512, 16);
    __pipeline_commit();
    acc += 0.5f * sbuf[t % 3][(tid * 4 + 4) & 511];
  }
  for (; t < ntiles; ++t) {
    __pipeline_wait_prior(1);
    __syncthreads();
    if (t + 2 < ntiles) __pipeline_memcpy_async(&sbuf[(t + 1) % 3][tid * 4], g + (t + 2) * 512, 16);  // BUG: stage
    __pipeline_commit();
    acc += sbuf[t % 3][(tid * 4 + 4) & 511];
  }
  __pipeline_wait_prior(0);
  out[blockIdx.x * blockDim.x + tid] = acc;
}
