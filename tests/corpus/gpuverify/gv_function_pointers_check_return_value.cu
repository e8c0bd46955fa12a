// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/function_pointers/check_return_value/kernel.cu
// corpus-form: adapted (2 GPUVerify builtin line(s) (__requires/__ensures/__assert/__invariant...) commented out)
// syncproof-args: --block 1024,1,1 --grid 1,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=1024 --gridDim=1 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=1024 --gridDim=1 --no-inline

typedef int(*funcType)(int);
typedef char(*funcTypeC)(int);

__device__ int multiplyByTwo(int i)
{
// [corpus: GPUVerify builtin removed] __ensures(__return_val_int() == i * 2);
    return i * 2;
}

__device__ int divideByTwo(int i)
{
    return i / 2;
}

__global__ void foo(int *v, char *w)
{
    uint tid = blockIdx.x * blockDim.x + threadIdx.x;

    funcType f = (tid != 0) ? multiplyByTwo : divideByTwo;

    v[tid] = (*f)(tid);
// [corpus: GPUVerify builtin removed] __assert(__implies(tid != 0, v[tid] == 2 * tid));
}

