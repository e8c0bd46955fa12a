// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/function_pointers/return_value/kernel.cu
// corpus-form: adapted (3 GPUVerify builtin line(s) (__requires/__ensures/__assert/__invariant...) commented out)
// syncproof-args: --block 1024,1,1 --grid 1,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=1024 --gridDim=1 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=1024 --gridDim=1 --no-inline

typedef float(*funcType)(float*, unsigned int);

__device__ float multiplyByTwo(float *v, unsigned int tid)
{
    return v[tid] * 2.0f;
}

__device__ float divideByTwo(float *v, unsigned int tid)
{
    return v[tid] * 0.5f;
}

__device__ funcType grabFunction(int i) {
// [corpus: GPUVerify builtin removed] __requires(i != 0);
// [corpus: GPUVerify builtin removed] __ensures(__return_val_funptr(funcType) == divideByTwo);
  if (i == 0)
    return multiplyByTwo;
  else
    return divideByTwo;
}

__global__ void foo(float *v, unsigned int size, int i)
{
// [corpus: GPUVerify builtin removed] __requires(i != 0);
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    funcType f = grabFunction(i);

    if (tid < size)
    {
        (*f)(v, tid);
    }
}
