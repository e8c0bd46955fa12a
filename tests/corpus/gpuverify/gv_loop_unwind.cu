// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/loop_unwind/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 512,1,1 --grid 64,1,1
// corpus-expect: buggy race
// GPUVerify expects //xfail:NOT_ALL_VERIFIED //--blockDim=512 --gridDim=64 --loop-unwind=2 --no-inline -- every thread writes B[0..9]
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//xfail:NOT_ALL_VERIFIED
//--blockDim=512 --gridDim=64 --loop-unwind=2 --no-inline
//kernel.cu: error: possible write-write race on B
#include <cuda.h>

extern "C" {

__global__ void helloCUDA(float *A)
{
    __shared__ float B[256];
    for(int i = 0; i < 10; i ++) {
        B[i] = A[i];
    }

}

}
