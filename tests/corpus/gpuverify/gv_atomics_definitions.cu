// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/atomics/definitions/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 1024,1,1 --grid 1,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=1024 --gridDim=1 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=1024 --gridDim=1 --no-inline

#include <cuda.h>

__global__ void definitions (int* A, unsigned int* B, unsigned long long int* C, float* D)
{
  atomicAdd(A,10);
  atomicSub(A,10);
  atomicExch(A,10);
  atomicMin(A,10);
  atomicMax(A,10);
  atomicAnd(A,10);
  atomicOr(A,10);
  atomicXor(A,10);
  atomicCAS(A,10,11);

  atomicAdd(B,10);
  atomicSub(B,10);
  atomicExch(B,10);
  atomicMin(B,10);
  atomicMax(B,10);
  atomicAnd(B,10);
  atomicOr(B,10);
  atomicXor(B,10);
  atomicInc(B,10);
  atomicDec(B,10);
  atomicCAS(B,10,11);

  atomicAdd(C,10);
  atomicExch(C,10);
  atomicMin(C,10);
  atomicMax(C,10);
  atomicAnd(C,10);
  atomicOr(C,10);
  atomicXor(C,10);
  atomicCAS(C,10,11);

  atomicAdd(D,10.0);
  atomicExch(D,10.0);
}
