// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/curand_tests/pass/curand_mtgp32/kernel.cu
// corpus-form: adapted (added curand include(s) that GPUVerify's cuda.h provided)
// syncproof-args: --block 256,1,1 --grid 1,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=256 --gridDim=1 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=256 --gridDim=1 --no-inline

#include <cuda.h>
#include <curand_kernel.h>  // corpus: added (GPUVerify cuda.h pulled it in)
#include <curand_mtgp32_kernel.h>  // corpus: added

__global__ void curand_test(curandStateMtgp32_t *state, float *A) {
   A[threadIdx.x] = curand(state);
}
