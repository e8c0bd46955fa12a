// corpus-source: karpathy/llm.c@f1e2ace651495b74ae22d45d1723443fd00ecd3a:dev/cuda/softmax_forward.cu [softmax_forward_kernel2]
// corpus-form: adapted (needed helpers of dev/cuda/common.h inlined verbatim; host harness dropped; kernel verbatim)
// syncproof-args: --block 32:1024 --grid 1:8192 --param N=1:8192 --param C=1:50257 --dynamic-smem 4096
// corpus-expect: correct
// Row softmax with two smem tree reductions (max, then sum); barrier at the top of each tree step and before re-using shared[] for the sum; reads of out[] are by the writing thread.
// Harness: N=B*T=8192 rows, C=V=50257, block sizes {32..1024}, shared = block_size*sizeof(float).
// host launch: softmax_forward_kernel2<<<grid_size, block_size, shared_mem_size>>>(out, inp, N, C);
// ---- verbatim from dev/cuda/softmax_forward.cu lines 30-35 ----
#include <stdio.h>
#include <stdlib.h>
#include <assert.h>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
// ---- verbatim from dev/cuda/common.h lines 8-8 ----
#define WARP_SIZE 32U
// ---- verbatim from dev/cuda/common.h lines 16-21 ----
__device__ float warpReduceSum(float val) {
    for (int offset = 16; offset > 0; offset /= 2) {
        val += __shfl_xor_sync(0xFFFFFFFF, val, offset);
    }
    return val;
}
// ---- verbatim from dev/cuda/softmax_forward.cu lines 124-173 ----
__global__ void softmax_forward_kernel2(float* out, const float* inp, int N, int C) {
    // inp is (N, C)
    // in each row of C elements, first calculates maxval, then returns expf(val - maxval)
    extern __shared__ float shared[];
    int idx = blockIdx.x; // ranges [0, N)
    int tid = threadIdx.x; // ranges [0, block_size)
    int block_size = blockDim.x;
    const float* x = inp + idx * C; // idx-th row of inp
    // thread coarsening
    float maxval = -INFINITY;
    for (int i = tid; i < C; i += block_size) {
        maxval = fmaxf(maxval, x[i]);
    }
    shared[tid] = maxval;
    // reductions
    for (int stride = block_size / 2; stride >= 1; stride /= 2) {
        __syncthreads();
        if (tid < stride) {
            shared[tid] = fmaxf(shared[tid], shared[tid + stride]);
        }
    }
    __syncthreads();
    float offset = shared[0];
    // compute expf and write the result to global memory
    for (int i = tid; i < C; i += block_size) {
        out[idx * C + i] = expf(x[i] - offset);
    }
    __syncthreads();
    // thread coarsening again, for the sum
    x = out + idx * C; // idx-th row of out
    float sumval = 0.0f;
    for (int i = tid; i < C; i += block_size) {
        sumval += x[i];
    }
    shared[tid] = sumval;
    // reductions
    for (int stride = block_size / 2; stride >= 1; stride /= 2) {
        __syncthreads();
        if (tid < stride) {
            shared[tid] += shared[tid + stride];
        }
    }
    // broadcast the sum to all threads in the block
    __syncthreads();
    float sum = shared[0];
    // divide the input values by the sum
    for (int i = tid; i < C; i += block_size) {
        out[idx * C + i] = x[i] / sum;
    }
}
