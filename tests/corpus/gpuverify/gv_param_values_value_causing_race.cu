// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/param_values/value_causing_race/kernel.cu
// corpus-form: adapted (2 GPUVerify builtin line(s) (__requires/__ensures/__assert/__invariant...) commented out)
// syncproof-args: --block 512,1,1 --grid 1,1,1
// corpus-expect: buggy race
// GPUVerify expects //xfail:NOT_ALL_VERIFIED //--gridDim=1 --blockDim=512 --no-inline -- thread 15 writes A[15+x], thread 200 writes A[200]: race when x=185
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//xfail:NOT_ALL_VERIFIED
//--gridDim=1 --blockDim=512 --no-inline
//Write by thread 200
//Write by thread 15
//x = 185

__global__ void example(float * A, int x) {
// [corpus: GPUVerify builtin removed] __requires(x >= 0);
// [corpus: GPUVerify builtin removed] __requires(x < 1000);

    if(threadIdx.x == 15) {
        A[threadIdx.x + x] = threadIdx.x;
    }

    if(threadIdx.x == 200) {
        A[threadIdx.x] = threadIdx.x;
    }
}
