// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/pointertests/cast/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 32,1,1 --grid 64,1,1
// corpus-expect: buggy race
// GPUVerify expects //xfail:NOT_ALL_VERIFIED //--blockDim=32 --gridDim=64 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=64 --no-inline
//error: possible write-write race on


#include "cuda.h"

#define N 32


__global__ void foo(int* p) {
  __shared__ unsigned char x[N];

  for (unsigned int i=0; i<(N/4); i++) {
    ((unsigned int *)x)[i] = threadIdx.x;
  }
}
