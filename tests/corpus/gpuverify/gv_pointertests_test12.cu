// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/pointertests/test12/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 64,1,1 --grid 64,1,1
// corpus-expect: buggy race
// GPUVerify expects //pass //--blockDim=64 --gridDim=64 --no-inline -- all threads store the same pointer value to __shared__ int* p (benign same-value write-write race; GPUVerify tolerates benign races by default)
// corpus-note: real truth: same-value (benign) write-write race -- a data race under the PTX memory model that no read can observe; GPUVerify's pass rests on its default benign-race tolerance
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=64 --gridDim=64 --no-inline

#include "cuda.h"

int gB = 200;

__device__ int* bar(int* p) {
  return p;
}


__global__ void foo(int* q, int* r) {

  __shared__ int A[10];

  __shared__ int* p;
  p = A;

  bar(p);//[threadIdx.x] = 0;

}
