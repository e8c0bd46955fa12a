// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/fail_tests/race_on_shared/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 16,1,1 --grid 1,1,1
// corpus-expect: buggy race
// GPUVerify expects //xfail:NOT_ALL_VERIFIED //--blockDim=16 --gridDim=1 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//xfail:NOT_ALL_VERIFIED
//--blockDim=16 --gridDim=1 --no-inline
//


#include <cuda.h>


__global__ void foo()
{
  __shared__ int A[16];

  A[0] = threadIdx.x;

}
