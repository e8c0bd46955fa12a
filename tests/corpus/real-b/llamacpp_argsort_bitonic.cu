// corpus-source: ggml-org/llama.cpp@8c53c5ddde0332ea7683d1803a24ac2566511a77:ggml/src/ggml-cuda/argsort.cu [k_argsort_f32_i32, ggml_cuda_swap]
// corpus-form: verbatim (ggml_sort_order enum re-declared as in ggml.h; instantiation <GGML_SORT_ORDER_ASC> added)
// syncproof-args: --grid 1:2147483647 --block 1024 --dynamic-smem 4096 --param ncols=513:1024 --param ncols_pad=1024
// corpus-expect: correct
// Bitonic argsort of one row per block in shared memory. The host launches exactly ncols_pad (next power of two >= ncols)
// threads, so the early "col >= ncols_pad" return is never taken. In every (k, j) step only the thread with ixj > col
// compares and swaps the pair (col, col^j) -- the pairs are disjoint -- and a __syncthreads closes each step.
// Contract instance: 513 <= ncols <= 1024, so ncols_pad = 1024 and shared_mem = 4096.
// Host launch (argsort_f32_i32_cuda_bitonic): const dim3 block_dims(ncols_pad, 1, 1); const dim3 block_nums(nrows, 1, 1); const size_t shared_mem = ncols_pad * sizeof(int);
//   k_argsort_f32_i32<GGML_SORT_ORDER_ASC><<<block_nums, block_dims, shared_mem, stream>>>(x, dst, ncols, ncols_pad);
#include <cstdint>

// ---- ggml/include/ggml.h ----
enum ggml_sort_order {
    GGML_SORT_ORDER_ASC,
    GGML_SORT_ORDER_DESC,
};

// ---- ggml/src/ggml-cuda/argsort.cu (verbatim) ----
// Bitonic sort implementation
template<typename T>
static inline __device__ void ggml_cuda_swap(T & a, T & b) {
    T tmp = a;
    a = b;
    b = tmp;
}

template<ggml_sort_order order>
static __global__ void k_argsort_f32_i32(const float * x, int * dst, const int ncols, int ncols_pad) {
    // bitonic sort
    int col = threadIdx.x;
    int row = blockIdx.x;

    if (col >= ncols_pad) {
        return;
    }

    const float * x_row = x + row * ncols;
    extern __shared__ int dst_row[];

    // initialize indices
    dst_row[col] = col;

    __syncthreads();

    for (int k = 2; k <= ncols_pad; k *= 2) {
        for (int j = k / 2; j > 0; j /= 2) {
            int ixj = col ^ j;
            if (ixj > col) {
                if ((col & k) == 0) {
                    if (dst_row[col] >= ncols ||
                        (dst_row[ixj] < ncols && (order == GGML_SORT_ORDER_ASC ?
                            x_row[dst_row[col]] > x_row[dst_row[ixj]] :
                            x_row[dst_row[col]] < x_row[dst_row[ixj]]))
                    ) {
                        ggml_cuda_swap(dst_row[col], dst_row[ixj]);
                    }
                } else {
                    if (dst_row[ixj] >= ncols ||
                        (dst_row[col] < ncols && (order == GGML_SORT_ORDER_ASC ?
                            x_row[dst_row[col]] < x_row[dst_row[ixj]] :
                            x_row[dst_row[col]] > x_row[dst_row[ixj]]))
                    ) {
                        ggml_cuda_swap(dst_row[col], dst_row[ixj]);
                    }
                }
            }
            __syncthreads();
        }
    }

    // copy the result to dst without the padding
    if (col < ncols) {
        dst[row * ncols + col] = dst_row[col];
    }
}

// ---- instantiation (added) ----
template __global__ void k_argsort_f32_i32<GGML_SORT_ORDER_ASC>(const float *, int *, const int, int);
