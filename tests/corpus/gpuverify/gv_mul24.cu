// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/mul24/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 1024,1,1 --grid 1024,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=1024 --gridDim=1024 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=1024 --gridDim=1024 --no-inline

#include <cuda.h>

__global__ void mul24_test (int* A, int* B)
{
  int idxa          = __mul24(blockIdx.x, blockDim.x) + threadIdx.x;
  unsigned int idxb = __umul24(blockIdx.x, blockDim.x) + threadIdx.x;

  A[idxa] = idxa;
  B[idxb] = idxa;
}
