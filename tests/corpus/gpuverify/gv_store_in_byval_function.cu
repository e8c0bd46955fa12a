// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/store_in_byval_function/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 1024,1,1 --grid 64,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=2048 --gridDim=64 [blockDim 2048 exceeds the CUDA limit, args use 1024]
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=2048 --gridDim=64

class s {
 int *p;

public:
 __device__ void store(int val) {
   p[threadIdx.x + blockDim.x * blockIdx.x] = val;
 }
};

__global__ void foo(s q) {
  q.store(42);
}
