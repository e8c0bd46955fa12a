// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/warpsync/equality_abstraction_issue/kernel.cu
// corpus-form: adapted (1 GPUVerify builtin line(s) (__requires/__ensures/__assert/__invariant...) commented out)
// syncproof-args: --block 32,1,1 --grid 1,1,1
// corpus-expect: buggy race
// GPUVerify expects //xfail:NOT_ALL_VERIFIED //--warp-sync=32 --blockDim=32 --gridDim=1 --equality-abstraction --no-inline -- GPUVerify (with --warp-sync) fails the __assert at line 10; under CUDA semantics A[threadIdx.x]=0 vs A[0..2]=1 is a real write-write race (different values)
// corpus-note: relabelled from an assertion test: GPUVerify (with --warp-sync) fails the __assert; without lockstep, A[threadIdx.x]=0 vs A[0..2]=1 is a real write-write race of different values
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//xfail:NOT_ALL_VERIFIED
//--warp-sync=32 --blockDim=32 --gridDim=1 --equality-abstraction --no-inline
//kernel.cu:10

__global__ void foo(int * A) {
    A[0] = 1;
    A[1] = 1;
    A[2] = 1;
    A[threadIdx.x] = 0;
// [corpus: GPUVerify builtin removed] __assert(A[0] == 1 | A[1] == 1 | A[2] == 1);
}
