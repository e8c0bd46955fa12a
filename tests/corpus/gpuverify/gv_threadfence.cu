// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/threadfence/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 32,1,1 --grid 2,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=32 --gridDim=2
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=32 --gridDim=2

__global__ void foo() {
    __threadfence();
}
