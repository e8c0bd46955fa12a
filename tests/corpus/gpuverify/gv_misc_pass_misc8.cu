// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/misc/pass/misc8/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 1024,1,1 --grid 1,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=1024 --gridDim=1
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=1024 --gridDim=1

__device__ void bar(char **in, char **out) {
  char tmp = (*in)[threadIdx.x];
  out[0][threadIdx.x] = tmp;
  *out = *in;
}

__global__ void foo(char *A, char *B, char c)
{
  char *choice1 = c ? A : B;
  char *choice2 = c ? B : A;
  bar(&choice1, &choice2);
  bar(&choice1, &choice2);
}
