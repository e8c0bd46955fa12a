// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/cooperative_groups/fail/race/kernel.cu [race]
// corpus-form: adapted (only the // corpus-bug marker comment added)
// syncproof-args: --block 32 --grid 2
// corpus-expect: buggy race
// GPUVerify test header: //xfail:NOT_ALL_VERIFIED. Thread idx writes A[idx] while thread idx-1 reads A[idx] with no barrier (also across the block boundary).
// launch from the test header: --blockDim=32 --gridDim=2.
//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=2

#include <cuda.h>

__global__ void race (int* A)
{
  int tid = threadIdx.x;
  int bid = blockIdx.x;

  int idx = blockDim.x * bid + tid;

  int temp = A[idx + 1];
  A[idx] = temp; // corpus-bug
}
