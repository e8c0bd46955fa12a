// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/curand_tests/fail/init_race/kernel.cu
// corpus-form: adapted (added curand include(s) that GPUVerify's cuda.h provided)
// syncproof-args: --block 2,1,1 --grid 1,1,1
// corpus-expect: buggy race
// GPUVerify expects //xfail:NOT_ALL_VERIFIED //--blockDim=2 --gridDim=1 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//xfail:NOT_ALL_VERIFIED
//--blockDim=2 --gridDim=1 --no-inline
//Write by thread .+kernel.cu:8:4:

#include <cuda.h>
#include <curand_kernel.h>  // corpus: added (GPUVerify cuda.h pulled it in)

__global__ void init_test(curandState *state, unsigned int *A) {
   curand_init(0, 0, 0, state);

   __syncthreads();

   if (threadIdx.x == 0) {
     A[0] = curand(state);
   }
}
