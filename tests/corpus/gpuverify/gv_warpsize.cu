// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/warpsize/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 1024,1,1 --grid 64,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=2048 --gridDim=64 [blockDim 2048 exceeds the CUDA limit, args use 1024]
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=2048 --gridDim=64

__global__ void foo(int *r) {
  r[threadIdx.x + blockIdx.x * blockDim.x] = warpSize;
}
