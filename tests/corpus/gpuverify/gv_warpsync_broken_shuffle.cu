// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/warpsync/broken_shuffle/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 1024,1,1 --grid 1,1,1
// corpus-expect: buggy race
// GPUVerify expects //xfail:NOT_ALL_VERIFIED //--blockDim=1024 --gridDim=1 --warp-sync=16 --no-inline -- warp-sync=16 but lanes read across the 16-thread boundary
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//xfail:NOT_ALL_VERIFIED
//--blockDim=1024 --gridDim=1 --warp-sync=16 --no-inline

#include <cuda.h>

__global__ void shuffle (int* A)
{
	int tid = threadIdx.x;
	int warp = tid / 32;
	int* B = A + (warp*32);
	A[tid] = B[(tid + 1)%32];
}
