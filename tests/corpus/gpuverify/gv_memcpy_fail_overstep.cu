// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/memcpy/fail_overstep/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 2,1,1 --grid 1,1,1
// corpus-expect: buggy race
// GPUVerify expects //xfail:NOT_ALL_VERIFIED //--gridDim=1 --blockDim=2 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//xfail:NOT_ALL_VERIFIED
//--gridDim=1 --blockDim=2 --no-inline

//This kernel is racy.
//
//It uses uses memcpy and copies too many bytes.

#define memcpy(dst, src, len) __builtin_memcpy(dst, src, len)

typedef struct {
  short x;
  short y;
  char z;
} s_t; //< sizeof(s_t) == 6

__global__ void k(s_t *in, s_t *out) {
  memcpy(&out[threadIdx.x], &in[threadIdx.x], 12); //< copy two elements
}
