// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/cooperative_groups/pass/block_barrier/kernel.cu
// corpus-form: adapted (added #include <cooperative_groups.h>; GPUVerify-only synchronize(g) renamed to cooperative_groups::sync(g))
// syncproof-args: --block 32,1,1 --grid 1,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=32 --gridDim=1
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=32 --gridDim=1

#include <cuda.h>
#include <cooperative_groups.h>  // corpus: added (GPUVerify cuda.h pulled it in)

using namespace cooperative_groups;

__global__ void race (int* A)
{
  int tid = threadIdx.x;
  int bid = blockIdx.x;

  thread_block t = this_thread_block();
  int idx = blockDim.x * bid + tid;

  int temp = A[idx + 1];
  sync(t);
  A[idx] = temp;
}
