// corpus-source: NVIDIA/cuda-samples@c94ff366aed18c797b8a85dfaac7817b0228b420:Samples/0_Introduction/mergeSort/mergeSort.cu [mergeElementaryIntervalsKernel, merge]
// corpus-form: adapted (mergeSort_common.h definitions inlined verbatim; helper_cuda.h and host launchers dropped; explicit instantiations for both sort directions added; kernels verbatim)
// syncproof-args: --block 128 --grid 1:32768 --param stride=1024 --param N=4194304
// corpus-expect: correct
// Merge of elementary intervals: thread 0 publishes interval bounds in __shared__ scalars, sync, load two runs, merge in smem (ranks by binary search, sync, scatter), sync, store.
// Scatter positions are data-dependent (merge ranks). host: mergePairs blocks of SAMPLE_STRIDE=128 threads; first merge stage stride=1024, N=4*1048576.
// host launch: mergeElementaryIntervalsKernel<1U><<<mergePairs, SAMPLE_STRIDE>>>(d_DstKey, d_DstVal, d_SrcKey, d_SrcVal, d_LimitsA, d_LimitsB, stride, N);
// ---- verbatim from Samples/0_Introduction/mergeSort/mergeSort.cu lines 1-39 ----
/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions
 * are met:
 *  * Redistributions of source code must retain the above copyright
 *    notice, this list of conditions and the following disclaimer.
 *  * Redistributions in binary form must reproduce the above copyright
 *    notice, this list of conditions and the following disclaimer in the
 *    documentation and/or other materials provided with the distribution.
 *  * Neither the name of NVIDIA CORPORATION nor the names of its
 *    contributors may be used to endorse or promote products derived
 *    from this software without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS ``AS IS'' AND ANY
 * EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR
 * PURPOSE ARE DISCLAIMED.  IN NO EVENT SHALL THE COPYRIGHT OWNER OR
 * CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
 * EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO,
 * PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR
 * PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY
 * OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
 * (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */

/*
 * Based on "Designing efficient sorting algorithms for manycore GPUs"
 * by Nadathur Satish, Mark Harris, and Michael Garland
 * http://mgarland.org/files/papers/gpusort-ipdps09.pdf
 *
 * Victor Podlozhnyuk 09/24/2009
 */

#include <assert.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;
// ---- verbatim from Samples/0_Introduction/mergeSort/mergeSort_common.h lines 31-34 ----
typedef unsigned int uint;

#define SHARED_SIZE_LIMIT 1024U
#define SAMPLE_STRIDE     128
// ---- verbatim from Samples/0_Introduction/mergeSort/mergeSort.cu lines 45-103 ----
////////////////////////////////////////////////////////////////////////////////
// Helper functions
////////////////////////////////////////////////////////////////////////////////
static inline __host__ __device__ uint iDivUp(uint a, uint b) { return ((a % b) == 0) ? (a / b) : (a / b + 1); }

static inline __host__ __device__ uint getSampleCount(uint dividend) { return iDivUp(dividend, SAMPLE_STRIDE); }

#define W (sizeof(uint) * 8)
static inline __device__ uint nextPowerOfTwo(uint x)
{
    /*
        --x;
        x |= x >> 1;
        x |= x >> 2;
        x |= x >> 4;
        x |= x >> 8;
        x |= x >> 16;
        return ++x;
    */
    return 1U << (W - __clz(x - 1));
}

template <uint sortDir> static inline __device__ uint binarySearchInclusive(uint val, uint *data, uint L, uint stride)
{
    if (L == 0) {
        return 0;
    }

    uint pos = 0;

    for (; stride > 0; stride >>= 1) {
        uint newPos = umin(pos + stride, L);

        if ((sortDir && (data[newPos - 1] <= val)) || (!sortDir && (data[newPos - 1] >= val))) {
            pos = newPos;
        }
    }

    return pos;
}

template <uint sortDir> static inline __device__ uint binarySearchExclusive(uint val, uint *data, uint L, uint stride)
{
    if (L == 0) {
        return 0;
    }

    uint pos = 0;

    for (; stride > 0; stride >>= 1) {
        uint newPos = umin(pos + stride, L);

        if ((sortDir && (data[newPos - 1] < val)) || (!sortDir && (data[newPos - 1] > val))) {
            pos = newPos;
        }
    }

    return pos;
}
// ---- verbatim from Samples/0_Introduction/mergeSort/mergeSort.cu lines 283-407 ----
////////////////////////////////////////////////////////////////////////////////
// Merge step 3: merge elementary intervals
////////////////////////////////////////////////////////////////////////////////
template <uint sortDir>
inline __device__ void merge(uint            *dstKey,
                             uint            *dstVal,
                             uint            *srcAKey,
                             uint            *srcAVal,
                             uint            *srcBKey,
                             uint            *srcBVal,
                             uint             lenA,
                             uint             nPowTwoLenA,
                             uint             lenB,
                             uint             nPowTwoLenB,
                             cg::thread_block cta)
{
    uint keyA, valA, keyB, valB, dstPosA, dstPosB;

    if (threadIdx.x < lenA) {
        keyA    = srcAKey[threadIdx.x];
        valA    = srcAVal[threadIdx.x];
        dstPosA = binarySearchExclusive<sortDir>(keyA, srcBKey, lenB, nPowTwoLenB) + threadIdx.x;
    }

    if (threadIdx.x < lenB) {
        keyB    = srcBKey[threadIdx.x];
        valB    = srcBVal[threadIdx.x];
        dstPosB = binarySearchInclusive<sortDir>(keyB, srcAKey, lenA, nPowTwoLenA) + threadIdx.x;
    }

    cg::sync(cta);

    if (threadIdx.x < lenA) {
        dstKey[dstPosA] = keyA;
        dstVal[dstPosA] = valA;
    }

    if (threadIdx.x < lenB) {
        dstKey[dstPosB] = keyB;
        dstVal[dstPosB] = valB;
    }
}

template <uint sortDir>
__global__ void mergeElementaryIntervalsKernel(uint *d_DstKey,
                                               uint *d_DstVal,
                                               uint *d_SrcKey,
                                               uint *d_SrcVal,
                                               uint *d_LimitsA,
                                               uint *d_LimitsB,
                                               uint  stride,
                                               uint  N)
{
    // Handle to thread block group
    cg::thread_block cta = cg::this_thread_block();
    __shared__ uint  s_key[2 * SAMPLE_STRIDE];
    __shared__ uint  s_val[2 * SAMPLE_STRIDE];

    const uint intervalI   = blockIdx.x & ((2 * stride) / SAMPLE_STRIDE - 1);
    const uint segmentBase = (blockIdx.x - intervalI) * SAMPLE_STRIDE;
    d_SrcKey += segmentBase;
    d_SrcVal += segmentBase;
    d_DstKey += segmentBase;
    d_DstVal += segmentBase;

    // Set up threadblock-wide parameters
    __shared__ uint startSrcA, startSrcB, lenSrcA, lenSrcB, startDstA, startDstB;

    if (threadIdx.x == 0) {
        uint segmentElementsA = stride;
        uint segmentElementsB = umin(stride, N - segmentBase - stride);
        uint segmentSamplesA  = getSampleCount(segmentElementsA);
        uint segmentSamplesB  = getSampleCount(segmentElementsB);
        uint segmentSamples   = segmentSamplesA + segmentSamplesB;

        startSrcA    = d_LimitsA[blockIdx.x];
        startSrcB    = d_LimitsB[blockIdx.x];
        uint endSrcA = (intervalI + 1 < segmentSamples) ? d_LimitsA[blockIdx.x + 1] : segmentElementsA;
        uint endSrcB = (intervalI + 1 < segmentSamples) ? d_LimitsB[blockIdx.x + 1] : segmentElementsB;
        lenSrcA      = endSrcA - startSrcA;
        lenSrcB      = endSrcB - startSrcB;
        startDstA    = startSrcA + startSrcB;
        startDstB    = startDstA + lenSrcA;
    }

    // Load main input data
    cg::sync(cta);

    if (threadIdx.x < lenSrcA) {
        s_key[threadIdx.x + 0] = d_SrcKey[0 + startSrcA + threadIdx.x];
        s_val[threadIdx.x + 0] = d_SrcVal[0 + startSrcA + threadIdx.x];
    }

    if (threadIdx.x < lenSrcB) {
        s_key[threadIdx.x + SAMPLE_STRIDE] = d_SrcKey[stride + startSrcB + threadIdx.x];
        s_val[threadIdx.x + SAMPLE_STRIDE] = d_SrcVal[stride + startSrcB + threadIdx.x];
    }

    // Merge data in shared memory
    cg::sync(cta);
    merge<sortDir>(s_key,
                   s_val,
                   s_key + 0,
                   s_val + 0,
                   s_key + SAMPLE_STRIDE,
                   s_val + SAMPLE_STRIDE,
                   lenSrcA,
                   SAMPLE_STRIDE,
                   lenSrcB,
                   SAMPLE_STRIDE,
                   cta);

    // Store merged data
    cg::sync(cta);

    if (threadIdx.x < lenSrcA) {
        d_DstKey[startDstA + threadIdx.x] = s_key[threadIdx.x];
        d_DstVal[startDstA + threadIdx.x] = s_val[threadIdx.x];
    }

    if (threadIdx.x < lenSrcB) {
        d_DstKey[startDstB + threadIdx.x] = s_key[lenSrcA + threadIdx.x];
        d_DstVal[startDstB + threadIdx.x] = s_val[lenSrcA + threadIdx.x];
    }
}

// explicit instantiations (the host launches both sort directions)
template __global__ void mergeElementaryIntervalsKernel<1U>(uint *, uint *, uint *, uint *, uint *, uint *, uint, uint);
template __global__ void mergeElementaryIntervalsKernel<0U>(uint *, uint *, uint *, uint *, uint *, uint *, uint, uint);
