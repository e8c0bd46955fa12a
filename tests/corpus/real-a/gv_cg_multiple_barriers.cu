// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/cooperative_groups/pass/multiple_barriers/kernel.cu [race]
// corpus-form: adapted (GPUVerify test header kept; #include <cooperative_groups.h> and a synchronize(g) -> g.sync() wrapper added so it builds with the real CUDA headers; kernel verbatim)
// syncproof-args: --block 32 --grid 2 --cooperative
// corpus-expect: correct
// GPUVerify test header: //pass. Two grid barriers, then a block barrier inside the block-uniform branch bid == 0.
// launch from the test header: --blockDim=32 --gridDim=2.
//pass
//--blockDim=32 --gridDim=2

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

  grid_group g = this_grid();
  thread_block t = this_thread_block();
  int idx = blockDim.x * bid + tid;

  int temp = A[idx + 1];
  synchronize(g);
  A[idx] = temp;
  
  synchronize(g);
  if (bid == 0)
  {
    temp = A[idx + 1];
    synchronize(t);
    A[idx] = temp;
  }
}
