// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/large_constant_array/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 1024,1,1 --grid 2,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=2048 --gridDim=2 --no-inline [blockDim 2048 exceeds the CUDA limit, args use 1024]
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=2048 --gridDim=2 --no-inline

__constant__ int A[4096];
__constant__ int B[3] = {0,1,2};

__global__ void kernel() {
  int x = A[threadIdx.x] + B[0];
}
