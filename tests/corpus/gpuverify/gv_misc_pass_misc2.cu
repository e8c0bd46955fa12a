// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/misc/pass/misc2/kernel.cu
// corpus-form: adapted (1 GPUVerify builtin line(s) (__requires/__ensures/__assert/__invariant...) commented out)
// syncproof-args: --block 512,1,1 --grid 1,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=512 --gridDim=1 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=512 --gridDim=1 --no-inline

#include <cuda.h>

__global__ void helloCUDA(volatile int* p)
{
// [corpus: GPUVerify builtin removed] __assert(__no_read(p));
    p[threadIdx.x] = threadIdx.x;
}
