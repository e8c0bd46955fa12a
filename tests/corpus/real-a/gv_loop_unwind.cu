// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/loop_unwind/kernel.cu [helloCUDA]
// corpus-form: adapted (only the // corpus-bug marker comment added)
// syncproof-args: --block 512 --grid 64
// corpus-expect: buggy race
// GPUVerify test header: //xfail:NOT_ALL_VERIFIED (possible write-write race on B). Every thread of the block writes B[0..9] of a __shared__ array.
// launch from the test header: --blockDim=512 --gridDim=64.
//xfail:NOT_ALL_VERIFIED
//--blockDim=512 --gridDim=64 --loop-unwind=2 --no-inline
//kernel.cu: error: possible write-write race on B
#include <cuda.h>

extern "C" {

__global__ void helloCUDA(float *A)
{
    __shared__ float B[256];
    for(int i = 0; i < 10; i ++) {
        B[i] = A[i]; // corpus-bug
    }

}

}
