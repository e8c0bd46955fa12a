// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/pointertests/test_copy_between_pointers/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 64,1,1 --grid 64,1,1
// corpus-expect: buggy race
// GPUVerify expects //pass //--blockDim=64 --gridDim=64 --equality-abstraction --no-inline -- all threads store 0 to p[0] and A[0] (benign same-value write-write races tolerated by GPUVerify)
// corpus-note: real truth: same-value (benign) write-write race -- a data race under the PTX memory model that no read can observe; GPUVerify's pass rests on its default benign-race tolerance
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=64 --gridDim=64 --equality-abstraction --no-inline

#include "cuda.h"

__global__ void foo(int* p) {

  __shared__ int A[10];

  int* x;

  x = p;

  x[0] = 0;

  x = A;

  x[0] = 0;

}
