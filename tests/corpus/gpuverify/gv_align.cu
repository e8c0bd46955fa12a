// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/align/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 2,1,1 --grid 2,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=2 --gridDim=2 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=2 --gridDim=2 --no-inline

#include <cuda.h>

typedef struct __align__(64) {
  unsigned int tid, bid;
} pair;

__global__ void align_test (pair* A)
{
  int tid = threadIdx.x;
  int bid = blockIdx.x;

  int idx = blockDim.x * bid + tid;

  A[idx].tid = tid;
  A[idx].bid = bid;
}
