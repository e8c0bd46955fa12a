// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/barrierconditionalkernelparam/kernel.cu [foo]
// corpus-form: verbatim
// syncproof-args: --block 64 --grid 64 --param x=0:1000000
// corpus-expect: correct
// GPUVerify test header: //pass. __syncthreads under `if (x == 0)` where x is a kernel parameter, hence uniform across the block.
// launch from the test header: --blockDim=64 --gridDim=64 (x unconstrained).
//pass
//--blockDim=64 --gridDim=64 --no-inline

#include "cuda.h"

__global__ void foo(int x) {
  if (x == 0) {
      __syncthreads ();
  }
}

