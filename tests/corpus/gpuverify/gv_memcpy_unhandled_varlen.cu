// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/memcpy/unhandled_varlen/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 2,1,1 --grid 1,1,1
// corpus-expect: buggy race
// GPUVerify expects //xfail:BUGLE_ERROR //--gridDim=1 --blockDim=2 --no-inline -- BUGLE_ERROR in GPUVerify (variable-length memcpy) but the test comment says the kernel is racy: len > sizeof(s_t) overlaps out[threadIdx.x+1]
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//xfail:BUGLE_ERROR
//--gridDim=1 --blockDim=2 --no-inline

//This kernel is racy. However, variable-length memcpys are not supported.
//Expect error at Bugle stage.

#define memcpy(dst, src, len) __builtin_memcpy(dst, src, len)

typedef struct {
  short x;
  short y;
  char z;
} s_t; //< sizeof(s_t) == 6

__global__ void overstep(s_t *in, s_t *out, size_t len) {
  memcpy(&out[threadIdx.x], &in[threadIdx.x], len);
}
