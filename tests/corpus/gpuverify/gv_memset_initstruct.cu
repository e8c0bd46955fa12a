// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/memset/initstruct/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 32,1,1 --grid 1,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--gridDim=1 --blockDim=32 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--gridDim=1 --blockDim=32 --no-inline

__global__ void kernel(uint4 *out) {
  uint4 vector = {0,0,0,0};
  out[threadIdx.x] = vector;
}
