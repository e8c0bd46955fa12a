// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/misc/fail/miscfail4/kernel.cu
// corpus-form: adapted (2 GPUVerify builtin line(s) (__requires/__ensures/__assert/__invariant...) commented out)
// syncproof-args: --block 1024,1,1 --grid 1,1,1
// corpus-expect: buggy race
// GPUVerify expects //xfail:NOT_ALL_VERIFIED //--blockDim=1024 --gridDim=1 --no-inline -- A[tid+offset] read vs A[tid] write, 0<=offset<1024 (precondition commented out)
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//xfail:NOT_ALL_VERIFIED
//--blockDim=1024 --gridDim=1 --no-inline
//kernel.cu: error: possible read-write race
//GPUVerify kernel analyser finished with 0 verified, 1 error

// In CUDA providing static and __attribute__((always_inline)) should not
// keep a copy of inlined function around.

#define tid threadIdx.x

__device__ static __attribute__((always_inline))
void inlined(int *A, int offset)
{
   int temp = A[tid + offset];
   A[tid] += temp;
}

__global__ void inline_test(int *A, int offset) {
// [corpus: GPUVerify builtin removed] __requires(offset >= 0);
// [corpus: GPUVerify builtin removed] __requires(offset < 1024);
  inlined(A, offset);
}
