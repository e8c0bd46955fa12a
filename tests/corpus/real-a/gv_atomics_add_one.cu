// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/atomics/add_one/kernel.cu [race_test]
// corpus-form: verbatim
// syncproof-args: --block 2 --grid 1
// corpus-expect: correct
// GPUVerify test header: //pass. j = atomicAdd(i, 1) hands each thread a distinct ticket, so the A[j] stores never collide.
// launch from the test header: --blockDim=2 --gridDim=1.
//pass
//--blockDim=2 --gridDim=1 --no-inline

#include <cuda.h>

__global__ void race_test (unsigned int* i, int* A)
{
  int tid = threadIdx.x;
  int j = atomicAdd(i,1);
  A[j] = tid;
}
