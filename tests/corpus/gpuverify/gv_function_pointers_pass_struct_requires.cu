// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/function_pointers/pass_struct/requires/kernel.cu
// corpus-form: adapted (1 GPUVerify builtin line(s) (__requires/__ensures/__assert/__invariant...) commented out)
// syncproof-args: --block 1024,1,1 --grid 1,1,1
// corpus-expect: correct
// GPUVerify expects //PASS //--blockDim=1024 --gridDim=1 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//PASS
//--blockDim=1024 --gridDim=1 --no-inline

struct wrapped {
  unsigned int bidx;
  unsigned int bdim;
  unsigned int tidx;
};

__device__ float multiplyByTwo(float *v, wrapped tw)
{
    return 0.0f;
}

__device__ float divideByTwo(float *v, wrapped tw)
{
    return 0.0f;
}

typedef float(*funcType)(float*, wrapped);

__global__ void foo(float *v, funcType f, unsigned int size)
{
// [corpus: GPUVerify builtin removed] __requires(f == multiplyByTwo | f == divideByTwo);
}
