// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/warpsync/bad_inter_group/kernel.cu
// corpus-form: verbatim
// syncproof-args: --block 128,1,1 --grid 128,1,1
// corpus-expect: buggy race
// GPUVerify expects //xfail:NOT_ALL_VERIFIED //--blockDim=128 --gridDim=128 --warp-sync=32 --no-inline -- block b reads A[(b+1)*blockDim+tid] which block b+1 writes: inter-block race
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=128 --warp-sync=32 --no-inline
//kernel.cu: error: possible read-write race on A

__global__ void foo(int* A) {

    A[ blockIdx.x*blockDim.x + threadIdx.x ] += (A[ (blockIdx.x + 1)*blockDim.x + threadIdx.x ]);

}
