// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/memcpy/fail_arrayofstruct/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 2,1,1 --grid 1,1,1
// corpus-expect: buggy race
// GPUVerify expects //xfail:NOT_ALL_VERIFIED //--gridDim=1 --blockDim=2 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//xfail:NOT_ALL_VERIFIED
//--gridDim=1 --blockDim=2 --no-inline

//This kernel is racy.
//
//It uses uses struct-assignment, which is translated into a memcpy by clang and
//dealt with as a series of reads/writes by bugle.

typedef struct {
  short x;
  short y;
} pair_t;

__global__ void k(pair_t *pairs) {
  pair_t fresh;
  pairs[42] = fresh;
}
