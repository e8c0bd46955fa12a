// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/warpsync/intragroup_scan/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 512,1,1 --grid 1,1,1
// corpus-expect: buggy race
// GPUVerify expects //pass //--blockDim=512 --gridDim=1 --warp-sync=32 --no-inline -- passes only under GPUVerify --warp-sync lockstep assumption; under independent thread scheduling (sm_70+) the unsynchronised intra-warp accesses race
// corpus-note: real truth under CUDA semantics (independent thread scheduling, sm_70+): buggy race -- GPUVerify's pass rests on --warp-sync lockstep execution, which CUDA does not guarantee
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//pass
//--blockDim=512 --gridDim=1 --warp-sync=32 --no-inline

#include <cuda.h>

__device__ static __attribute__((always_inline)) void scan_warp (int* A)
{
	unsigned int tid = threadIdx.x;
	unsigned int lane = tid % 32;

	if (lane >= 1) A[tid] = A[tid - 1] + A[tid];
	if (lane >= 2) A[tid] = A[tid - 2] + A[tid];
	if (lane >= 4) A[tid] = A[tid - 4] + A[tid];
	if (lane >= 8) A[tid] = A[tid - 8] + A[tid];
	if (lane >= 16) A[tid] = A[tid - 16] + A[tid];
}

__global__ void scan (int* A)
{
	unsigned int tid = threadIdx.x;
	unsigned int lane = tid % 32;
	int temp [32];
	scan_warp(A);
	__syncthreads();
	if (lane == 31)
		temp[tid / 32] = A[tid];
	__syncthreads();
	if (tid / 32 == 0)
		scan_warp(temp);
	__syncthreads();
	A[tid] += temp[tid/32];
}
