// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/warpsync/refined_equality_abstraction/kernel.cu
// corpus-form: adapted (1 GPUVerify builtin line(s) (__requires/__ensures/__assert/__invariant...) commented out)
// syncproof-args: --block 32,1,1 --grid 1,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--warp-sync=32 --blockDim=32 --gridDim=1 --equality-abstraction --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--warp-sync=32 --blockDim=32 --gridDim=1 --equality-abstraction --no-inline

__global__ void foo(int * A, int * B) {
    A[threadIdx.x] = 1;
    volatile int x = A[threadIdx.x];
    B[threadIdx.x] = 1;
    volatile int y = A[threadIdx.x];
// [corpus: GPUVerify builtin removed] __assert(x == y);
}
