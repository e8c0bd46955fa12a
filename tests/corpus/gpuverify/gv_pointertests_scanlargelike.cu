// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/pointertests/scanlargelike/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 32,1,1 --grid 64,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=32 --gridDim=64 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=32 --gridDim=64 --no-inline
#include <cuda.h>

#define N 32

__device__ void f(float *odata, int* ai) {
    int thid = threadIdx.x;
    *ai = thid;
}

__global__ void k(float *g_odata) {
    int ai;
    f(g_odata,&ai);
}

