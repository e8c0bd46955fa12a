// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/atomics/add_one/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 2,1,1 --grid 1,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=2 --gridDim=1 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=2 --gridDim=1 --no-inline

#include <cuda.h>

__global__ void race_test (unsigned int* i, int* A)
{
  int tid = threadIdx.x;
  int j = atomicAdd(i,1);
  A[j] = tid;
}
