// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/pointeranalysistests/testbasicaliasing/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 64,1,1 --grid 64,1,1
// corpus-expect: buggy race
// GPUVerify expects //xfail:NOT_ALL_VERIFIED //--blockDim=64 --gridDim=64 --no-inline -- every thread writes p[100] (and reads q[100], maybe aliased) -> write-write race
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=64 --no-inline
//

#include "cuda.h"

__global__ void foo (int* p, int* q, int* r){

    int a, b, c;
    int* d;

    a = 10;

    d = &a;
    d = &b;

    if (a > 10)
    {
        d = &c;
    }
    else
    {
        p = q;
        q = p;
    }

    d[1] = 200;

    p[100] = q[100] + 1;

}
