// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/pointeranalysistests/testinterprocedural3/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 64,1,1 --grid 64,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=64 --gridDim=64 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=64 --gridDim=64 --no-inline
#include "cuda.h"

__device__ void baz (int p []){
    int a;

    p = &a;
}

__device__ void bar (int *p){
  
    int a;

    p = &a;
}


__global__ void foo (int* p, int* q){

    __shared__ int sharedArr  [100];

    __shared__ int sharedArr2 [50];

    bar(p);

    baz (sharedArr);

    bar(q);

    if (*q){
        baz(sharedArr2);
    }
}
