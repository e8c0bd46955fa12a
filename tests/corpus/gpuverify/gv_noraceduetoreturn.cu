// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/noraceduetoreturn/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 64,1,1 --grid 1,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=64 --gridDim=1 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=64 --gridDim=1 --no-inline

#include "cuda.h"


__device__ int bar(float* A) {

  if(threadIdx.x != 0) {
    return 0;
  }

  A[4] = 26.8f;

  return 1;

}

__global__ void foo(float* A) {

  int y = bar(A);

}
