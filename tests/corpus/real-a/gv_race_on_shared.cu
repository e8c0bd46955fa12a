// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/fail_tests/race_on_shared/kernel.cu [foo]
// corpus-form: adapted (only the // corpus-bug marker comment added)
// syncproof-args: --block 16 --grid 1
// corpus-expect: buggy race
// GPUVerify test header: //xfail:NOT_ALL_VERIFIED. All 16 threads write A[0] of a __shared__ array (write-write race).
// launch from the test header: --blockDim=16 --gridDim=1.
//xfail:NOT_ALL_VERIFIED
//--blockDim=16 --gridDim=1 --no-inline
//


#include <cuda.h>


__global__ void foo()
{
  __shared__ int A[16];

  A[0] = threadIdx.x; // corpus-bug

}
