// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/nestedinline/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 64,1,1 --grid 64,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=64 --gridDim=64 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=64 --gridDim=64 --no-inline
#include <cuda.h>

inline __device__ void f() __attribute__((always_inline));
inline __device__ void f() {
}

inline __device__ void g() __attribute__((always_inline));
inline __device__ void g() {
  f();
}

__global__ void k() {
  g();
}
