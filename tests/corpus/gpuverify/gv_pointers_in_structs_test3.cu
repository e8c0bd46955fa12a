// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/pointers_in_structs/test3/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 2,1,1 --grid 2,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=2 --gridDim=2
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=2 --gridDim=2

struct S {
  struct {
    int * p;
  } s;
};

__global__ void foo(struct S A) {
  A.s.p[threadIdx.x + blockDim.x*blockIdx.x] = threadIdx.x;
}
