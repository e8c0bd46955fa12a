// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/globalarray/fail/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 8,1,1 --grid 1,1,1
// corpus-expect: correct
// GPUVerify expects //xfail:NOT_ALL_VERIFIED //--blockDim=8 --gridDim=1 --no-inline -- GPUVerify ignores the __constant__ initialiser (host may overwrite A) so p[0] may be written by several threads; with the initialiser as given no thread writes
// corpus-note: real truth depends on the host: with the __constant__ initialiser as written every thread sees A[i]==i and nothing is written (correct); GPUVerify's buggy label assumes the host may overwrite A (cudaMemcpyToSymbol)
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//xfail:NOT_ALL_VERIFIED
//--blockDim=8 --gridDim=1 --no-inline

// The statically given values for A are not preserved when we translate CUDA
// since the host is free to change the contents of A.
// cf. testsuite/OpenCL/globalarray/pass2

__constant__ int A[8] = {0,1,2,3,4,5,6,7};

__global__ void globalarray(float* p) {
  int i = threadIdx.x;
  int a = A[i];

  if(a != threadIdx.x) {
    p[0] = threadIdx.x;
  }
}
