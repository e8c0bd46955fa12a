// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/noraceduetoreturn/kernel.cu [foo, bar]
// corpus-form: verbatim
// syncproof-args: --block 64 --grid 1
// corpus-expect: correct
// GPUVerify test header: //pass. Only thread 0 gets past the early return in bar() and writes A[4].
// launch from the test header: --blockDim=64 --gridDim=1.
//pass
//--blockDim=64 --gridDim=1 --no-inline

#include "cuda.h"


__device__ int bar(float* A) {

  if(threadIdx.x != 0) {
    return 0;
  }

  A[4] = 26.8f;

  return 1;

}

__global__ void foo(float* A) {

  int y = bar(A);

}
