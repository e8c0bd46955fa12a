// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/function_pointers/basic_statement/kernel.cu
// corpus-form: adapted (13 GPUVerify builtin line(s) (__requires/__ensures/__assert/__invariant...) commented out)
// syncproof-args: --block 1024,1,1 --grid 1,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=1024 --gridDim=1 --no-inline
// corpus-note: preconditions commented out; other i calls a null function pointer (not a sync issue)
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=1024 --gridDim=1 --no-inline

#define tid (blockIdx.x * blockDim.x + threadIdx.x)

__device__ void multiplyByTwo(float *v, unsigned int index)
{
// [corpus: GPUVerify builtin removed] __requires(__ptr_offset_bytes(v) == 0);
// [corpus: GPUVerify builtin removed] __requires(index == tid);
// [corpus: GPUVerify builtin removed] __requires(__read_implies(v, __read_offset_bytes(v)/sizeof(float) == index));
// [corpus: GPUVerify builtin removed] __requires(__write_implies(v, __write_offset_bytes(v)/sizeof(float) == index));
// [corpus: GPUVerify builtin removed] __ensures(__read_implies(v, __read_offset_bytes(v)/sizeof(float) == index));
// [corpus: GPUVerify builtin removed] __ensures(__write_implies(v, __write_offset_bytes(v)/sizeof(float) == index));
    v[index] = v[index] * 2.0f;
}

__device__ void divideByTwo(float *v, unsigned int index)
{
// [corpus: GPUVerify builtin removed] __requires(__ptr_offset_bytes(v) == 0);
// [corpus: GPUVerify builtin removed] __requires(index == tid);
// [corpus: GPUVerify builtin removed] __requires(__read_implies(v, __read_offset_bytes(v)/sizeof(float) == index));
// [corpus: GPUVerify builtin removed] __requires(__write_implies(v, __write_offset_bytes(v)/sizeof(float) == index));
// [corpus: GPUVerify builtin removed] __ensures(__read_implies(v, __read_offset_bytes(v)/sizeof(float) == index));
// [corpus: GPUVerify builtin removed] __ensures(__write_implies(v, __write_offset_bytes(v)/sizeof(float) == index));
    v[index] = v[index] * 0.5f;
}

typedef void(*funcType)(float*, unsigned int);

__global__ void foo(float *v, unsigned int i)
{
// [corpus: GPUVerify builtin removed] __requires(i == 1 | i == 2);
    funcType f;

    if (i == 1)
      f = multiplyByTwo;
    else if (i == 2)
      f = divideByTwo;
    else
      f = NULL;

    (*f)(v, tid);
}
