// corpus-source: NVIDIA/cuda-samples@c94ff366aed18c797b8a85dfaac7817b0228b420:Samples/4_CUDA_Libraries/conjugateGradientMultiBlockCG/conjugateGradientMultiBlockCG.cu [gpuConjugateGradient, gpuSpMV, gpuSaxpy, gpuDotProduct, gpuCopyVector, gpuScaleVectorAndSaxpy]
// corpus-form: adapted (sample helper includes and host code dropped; device code verbatim)
// syncproof-args: --block 512 --grid 1:528 --cooperative --param N=1:1048576 --param nnz=1:3145728 --dynamic-smem 136
// corpus-expect: correct
// Whole CG solver in one cooperative kernel: grid.sync() between SpMV, saxpy and dot products; dot products reduce per tile32 into smem then atomicAdd(double) into dot_result;
// thread (0,0) resets dot_result between grid syncs; loop condition r1 is read from global after grid.sync (uniform). THREADS_PER_BLOCK=512, grid=SMs*blocksPerSm, N=1048576.
// host launch: cudaLaunchCooperativeKernel((void *)gpuConjugateGradient, dimGrid, dimBlock, kernelArgs, sMemSize, NULL); sMemSize=sizeof(double)*((512/32)+1)
// ---- verbatim from Samples/4_CUDA_Libraries/conjugateGradientMultiBlockCG/conjugateGradientMultiBlockCG.cu lines 1-42 ----
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
 * This sample implements a conjugate gradient solver on GPU using
 * Multi Block Cooperative Groups, also uses Unified Memory.
 *
 */

// includes, system
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Utilities and system includes
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
// ---- verbatim from Samples/4_CUDA_Libraries/conjugateGradientMultiBlockCG/conjugateGradientMultiBlockCG.cu lines 46-46 ----
namespace cg = cooperative_groups;
// ---- verbatim from Samples/4_CUDA_Libraries/conjugateGradientMultiBlockCG/conjugateGradientMultiBlockCG.cu lines 51-51 ----
#define THREADS_PER_BLOCK     512
// ---- verbatim from Samples/4_CUDA_Libraries/conjugateGradientMultiBlockCG/conjugateGradientMultiBlockCG.cu lines 177-339 ----
__device__ void gpuSpMV(int                  *I,
                        int                  *J,
                        float                *val,
                        int                   nnz,
                        int                   num_rows,
                        float                 alpha,
                        float                *inputVecX,
                        float                *outputVecY,
                        cg::thread_block     &cta,
                        const cg::grid_group &grid)
{
    for (int i = grid.thread_rank(); i < num_rows; i += grid.size()) {
        int row_elem           = I[i];
        int next_row_elem      = I[i + 1];
        int num_elems_this_row = next_row_elem - row_elem;

        float output = 0.0;
        for (int j = 0; j < num_elems_this_row; j++) {
            // I or J or val arrays - can be put in shared memory
            // as the access is random and reused in next calls of gpuSpMV function.
            output += alpha * val[row_elem + j] * inputVecX[J[row_elem + j]];
        }

        outputVecY[i] = output;
    }
}

__device__ void gpuSaxpy(float *x, float *y, float a, int size, const cg::grid_group &grid)
{
    for (int i = grid.thread_rank(); i < size; i += grid.size()) {
        y[i] = a * x[i] + y[i];
    }
}

__device__ void gpuDotProduct(float                  *vecA,
                              float                  *vecB,
                              double                 *result,
                              int                     size,
                              const cg::thread_block &cta,
                              const cg::grid_group   &grid)
{
    extern __shared__ double tmp[];

    double temp_sum = 0.0;
    for (int i = grid.thread_rank(); i < size; i += grid.size()) {
        temp_sum += static_cast<double>(vecA[i] * vecB[i]);
    }

    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);

    temp_sum = cg::reduce(tile32, temp_sum, cg::plus<double>());

    if (tile32.thread_rank() == 0) {
        tmp[tile32.meta_group_rank()] = temp_sum;
    }

    cg::sync(cta);

    if (tile32.meta_group_rank() == 0) {
        temp_sum = tile32.thread_rank() < tile32.meta_group_size() ? tmp[tile32.thread_rank()] : 0.0;
        temp_sum = cg::reduce(tile32, temp_sum, cg::plus<double>());

        if (tile32.thread_rank() == 0) {
            atomicAdd(result, temp_sum);
        }
    }
}

__device__ void gpuCopyVector(float *srcA, float *destB, int size, const cg::grid_group &grid)
{
    for (int i = grid.thread_rank(); i < size; i += grid.size()) {
        destB[i] = srcA[i];
    }
}

__device__ void
gpuScaleVectorAndSaxpy(const float *x, float *y, float a, float scale, int size, const cg::grid_group &grid)
{
    for (int i = grid.thread_rank(); i < size; i += grid.size()) {
        y[i] = a * x[i] + scale * y[i];
    }
}

extern "C" __global__ void gpuConjugateGradient(int    *I,
                                                int    *J,
                                                float  *val,
                                                float  *x,
                                                float  *Ax,
                                                float  *p,
                                                float  *r,
                                                double *dot_result,
                                                int     nnz,
                                                int     N,
                                                float   tol)
{
    cg::thread_block cta  = cg::this_thread_block();
    cg::grid_group   grid = cg::this_grid();

    int max_iter = 10000;

    float alpha   = 1.0;
    float alpham1 = -1.0;
    float r0      = 0.0, r1, b, a, na;

    gpuSpMV(I, J, val, nnz, N, alpha, x, Ax, cta, grid);

    cg::sync(grid);

    gpuSaxpy(Ax, r, alpham1, N, grid);

    cg::sync(grid);

    gpuDotProduct(r, r, dot_result, N, cta, grid);

    cg::sync(grid);

    r1 = *dot_result;

    int k = 1;
    while (r1 > tol * tol && k <= max_iter) {
        if (k > 1) {
            b = r1 / r0;
            gpuScaleVectorAndSaxpy(r, p, alpha, b, N, grid);
        }
        else {
            gpuCopyVector(r, p, N, grid);
        }

        cg::sync(grid);

        gpuSpMV(I, J, val, nnz, N, alpha, p, Ax, cta, grid);

        if (threadIdx.x == 0 && blockIdx.x == 0)
            *dot_result = 0.0;

        cg::sync(grid);

        gpuDotProduct(p, Ax, dot_result, N, cta, grid);

        cg::sync(grid);

        a = r1 / *dot_result;

        gpuSaxpy(p, x, a, N, grid);
        na = -a;
        gpuSaxpy(Ax, r, na, N, grid);

        r0 = r1;

        cg::sync(grid);
        if (threadIdx.x == 0 && blockIdx.x == 0)
            *dot_result = 0.0;

        cg::sync(grid);

        gpuDotProduct(r, r, dot_result, N, cta, grid);

        cg::sync(grid);

        r1 = *dot_result;
        k++;
    }
}
