// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/multiplelocals/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 64,1,1 --grid 64,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=64 --gridDim=64 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=64 --gridDim=64 --no-inline

#include "cuda.h"

__global__ void foo() {
  {
    int x = 4;
  }
  {
    int x = 2;
  }
}
