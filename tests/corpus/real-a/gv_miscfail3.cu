// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/misc/fail/miscfail3/kernel.cu [inline_test, inlined]
// corpus-form: adapted (only the // corpus-bug marker comment added)
// syncproof-args: --block 1024 --grid 1 --param offset=0:1023
// corpus-expect: buggy race
// GPUVerify test header: //xfail:NOT_ALL_VERIFIED (possible read-write race). Thread t reads A[t+offset] while thread t+offset does A[t+offset] += ... (any offset != 0).
// launch from the test header: --blockDim=1024 --gridDim=1 (offset unconstrained; 0..1023 here).
//xfail:NOT_ALL_VERIFIED
//--blockDim=1024 --gridDim=1 --no-inline
//kernel.cu: error: possible read-write race
//GPUVerify kernel analyser finished with 1 verified, 1 error

// In CUDA providing the inline keyword should still keep a copy of
// the function around (contrary to OpenCL). However, by default a
// function with this keyword is not actually inlined at the optimisation
// level used by GPUVerify.

#define tid threadIdx.x

__device__ inline void inlined(int *A, int offset)
{
   int temp = A[tid + offset];
   A[tid] += temp; // corpus-bug
}

__global__ void inline_test(int *A, int offset) {
  inlined(A, offset);
}
