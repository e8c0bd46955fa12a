// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/pointers_in_structs/test1/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 2,1,1 --grid 2,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=2 --gridDim=2
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=2 --gridDim=2

struct S {
  int * p;
};

__global__ void foo(int * A) {

  S myS;
  myS.p = A;
  int * q;
  q = myS.p;
  q[threadIdx.x + blockDim.x*blockIdx.x] = threadIdx.x;

}
