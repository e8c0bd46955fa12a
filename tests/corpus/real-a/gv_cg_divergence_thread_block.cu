// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/cooperative_groups/fail/divergence_thread_block/kernel.cu [race]
// corpus-form: adapted (GPUVerify test header kept; #include <cooperative_groups.h> and a synchronize(g) -> g.sync() wrapper added so it builds with the real CUDA headers; kernel verbatim except the corpus-bug marker)
// syncproof-args: --block 32 --grid 1
// corpus-expect: buggy divergence
// GPUVerify test header: //xfail:NOT_ALL_VERIFIED. thread_block sync inside `if (idx % 2 == 0)`: only even threads reach the block barrier.
// launch from the test header: --blockDim=32 --gridDim=1.
//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1

#include <cuda.h>
// ---- added for real CUDA headers: GPUVerify's cuda.h shim provides cooperative_groups and a free function synchronize(group);
// ---- the real API spells it g.sync(), so this one-line wrapper maps it (kernel body unchanged) ----
#include <cooperative_groups.h>
namespace cooperative_groups { template <class G> __device__ void synchronize(G &g) { g.sync(); } }

using namespace cooperative_groups;

__global__ void race (int* A)
{
  int tid = threadIdx.x;
  int bid = blockIdx.x;

  thread_block t = this_thread_block();
  int idx = blockDim.x * bid + tid;

  if (idx % 2 == 0)
  {
	  int temp = A[idx + 2];
	  synchronize(t); // corpus-bug
	  A[idx] = temp;
  }
}
