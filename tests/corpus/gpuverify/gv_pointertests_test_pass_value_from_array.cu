// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/pointertests/test_pass_value_from_array/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 64,1,1 --grid 64,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=64 --gridDim=64 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=64 --gridDim=64 --no-inline

#include "cuda.h"

__device__ void bar(float x) {

}

__global__ void foo(int* A) {

  bar(A[0]);

}
