// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/pointertests/test_copy_between_memory_spaces/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 64,1,1 --grid 1,1,1
// corpus-expect: buggy race
// GPUVerify expects //pass //--blockDim=64 --gridDim=1 --equality-abstraction --no-inline -- all 64 threads store A[0] to p[0] (same value; benign write-write race tolerated by GPUVerify)
// corpus-note: real truth: same-value (benign) write-write race -- a data race under the PTX memory model that no read can observe; GPUVerify's pass rests on its default benign-race tolerance
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=64 --gridDim=1 --equality-abstraction --no-inline

#include "cuda.h"


__global__ void foo(int* p) {

  __shared__ int A[10];

  p[0] = A[0];

}
