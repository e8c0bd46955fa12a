// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/curand_tests/fail/curand_mtgp32_block_race/kernel.cu
// corpus-form: adapted (added curand include(s) that GPUVerify's cuda.h provided)
// syncproof-args: --block 256,1,1 --grid 2,1,1
// corpus-expect: buggy race
// GPUVerify expects //xfail:NOT_ALL_VERIFIED //--blockDim=256 --gridDim=2 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=2 --no-inline
//Write by thread [\d]+ in thread block [\d]+ \(global id [\d]+\), .+kernel\.cu:9:21:

#include <cuda.h>
#include <curand_kernel.h>  // corpus: added (GPUVerify cuda.h pulled it in)
#include <curand_mtgp32_kernel.h>  // corpus: added

__global__ void curand_test(curandStateMtgp32_t *state, float *A) {
  if (threadIdx.x == 0) {
    A[blockIdx.x] = curand(state);
  }
}
