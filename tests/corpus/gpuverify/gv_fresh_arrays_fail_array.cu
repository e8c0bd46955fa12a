// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/fresh_arrays/fail/array/kernel.cu
// corpus-form: adapted (1 GPUVerify builtin line(s) (__requires/__ensures/__assert/__invariant...) commented out)
// syncproof-args: --block 1024,1,1 --grid 64,1,1
// corpus-expect: buggy race
// GPUVerify expects //xfail:NOT_ALL_VERIFIED //--blockDim=2048 --gridDim=64 [blockDim 2048 exceeds the CUDA limit, args use 1024]
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//xfail:NOT_ALL_VERIFIED
//--blockDim=2048 --gridDim=64
//possible write-write race on q.p\[4\]\[0\]

struct s {
  float *p[42];
};

__global__ void foo(s q) {
// [corpus: GPUVerify builtin removed] __requires_fresh_array(q.p[4]);
  q.p[4][0] = threadIdx.x;
}
