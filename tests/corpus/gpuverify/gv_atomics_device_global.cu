// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/atomics/device_global/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 2,1,1 --grid 1,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--gridDim=1 --blockDim=2 --only-divergence
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--gridDim=1 --blockDim=2 --only-divergence

__device__ unsigned int x = 0;

__global__ void f()
{
    atomicInc(&x, 1);
}
