// corpus-source: karpathy/llm.c@f1e2ace651495b74ae22d45d1723443fd00ecd3a:dev/cuda/attention_backward.cu [softmax_autoregressive_backward_kernel7<256>]
// corpus-form: adapted (needed helpers of dev/cuda/common.h inlined verbatim; host harness dropped; kernel verbatim with explicit instantiation <256>, except the corpus-bug marker)
// syncproof-args: --block 256 --grid 1024,1:96 --param B=1:8 --param T=1024 --param C=768
// corpus-expect: buggy race
// Warp 0 zeroes block_acc[0..31] while every warp w stores its cg::reduce result into block_acc[w]; there is no barrier between the zeroing and those stores,
// so warp 0's block_acc[w] = 0 can land after warp w's partial sum (write/write race; the sum is then lost). T=1024 ties grid.x to the rows; B=4, NH=12 in the harness.
// host launch: softmax_autoregressive_backward_kernel7<block_size><<<dim3(T, B * NH), block_size>>>(dpreatt, datt, att, B, T, C, scale);
// ---- verbatim from dev/cuda/attention_backward.cu lines 23-31 ----
#include <stdio.h>
#include <stdlib.h>
#include <assert.h>
#include <float.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
// ---- verbatim from dev/cuda/attention_backward.cu lines 631-667 ----
template<int BlockSize>
__global__ void softmax_autoregressive_backward_kernel7(float* dpreatt, const float* datt, const float* att,
                                                        int B, int T, int C, float scale) {
    namespace cg = cooperative_groups;
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    __shared__ float block_acc[32];

    int idx = blockIdx.y;
    int t = blockIdx.x;

    att += idx * T * T;
    datt += idx * T * T;
    dpreatt += idx * T * T;

    const float* att_bth = att + t * T;
    const float* datt_bth = datt + t * T;
    float* dpreatt_bth = dpreatt + t * T;

    if(warp.meta_group_rank() == 0) {
        block_acc[warp.thread_rank()] = 0; // corpus-bug
    }

    float local_sum = 0;
    for(int t2 = block.thread_rank(); t2 <= t; t2 += BlockSize) {
        local_sum += att_bth[t2] * datt_bth[t2];
    }

    block_acc[warp.meta_group_rank()] = cg::reduce(warp, local_sum, cg::plus<float>{});
    block.sync();
    local_sum = cg::reduce(warp, block_acc[warp.thread_rank()], cg::plus<float>{});

    for (int t3 = block.thread_rank(); t3 <= t; t3 += BlockSize) {
        float acc = att_bth[t3] * (datt_bth[t3] - local_sum);
        dpreatt_bth[t3] = scale * acc;
    }
}

// explicit instantiation (launch_softmax_7 dispatches on the block size; 256 used here)
template __global__ void softmax_autoregressive_backward_kernel7<256>(float* dpreatt, const float* datt, const float* att, int B, int T, int C, float scale);
