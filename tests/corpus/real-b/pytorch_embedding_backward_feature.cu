// corpus-source: pytorch/pytorch@1c94016e03463593c53fcf4f1a4438eed1fc08ea:aten/src/ATen/native/cuda/Embedding.cu [embedding_backward_feature_kernel]
// corpus-form: verbatim (WARP_BALLOT inlined verbatim from ATen/cuda/DeviceUtils.cuh, C10_WARP_SIZE=32; instantiation <float,float,int64_t> added)
// syncproof-args: --grid 1:67108864 --block 32,32 --dynamic-smem 8192 --param n=1:3072 --param stride=1:2147483647 --param padding_idx=-2147483648:2147483647
// corpus-expect: buggy race
// Dense embedding backward for <= 3072 indices: the block loads 1024 indices into shared indices_batch, then walks them in
// chunks of 32 (one per warp), with __syncthreads at the top of each chunk and after the grad loads; match-group leader warps
// accumulate other warps' smem rows. No barrier separates the last chunk of one batch from the next batch's reload of
// indices_batch: with n > 1024 a warp that leaves the chunk loop early stores indices_batch[tid] for batch b+1 while another
// warp still reads indices_batch[chunk_start - batch_start + threadIdx.x] / [src_row - batch_start] of batch b.
// (Fixed upstream by pytorch/pytorch PR #187687, "aten embed bwd thread sync before proceeding to next batch".)
// Host launch (embedding_dense_backward_cuda, num_indices <= 3072 && !scale_grad_by_freq): dim3 grid(ceil_div(stride, (int64_t)warp_size)); dim3 block(warp_size, BLOCKDIMY = 32);
//   embedding_backward_feature_kernel<scalar_t, accscalar_t, index_t><<<grid, block, sizeof(accscalar_t)*warp_size*BLOCKDIMY + sizeof(int)*warp_size*BLOCKDIMY, stream>>>(indices, grad, grad_weight, num_indices, stride, padding_idx);
#include <cstdint>

#define C10_WARP_SIZE 32

// ---- from pytorch/pytorch@11bc1c8951711fd819725c7a6cb895618f84a7b4:aten/src/ATen/cuda/DeviceUtils.cuh (verbatim) ----
#if defined(__HIP_PLATFORM_HCC__)
__device__ __forceinline__ unsigned long long int WARP_BALLOT(int predicate)
{
return __ballot(predicate);
}
#else
__device__ __forceinline__ unsigned int WARP_BALLOT(int predicate, unsigned int mask = 0xffffffff)
{
#ifndef __HIP_PLATFORM_HCC__
    return __ballot_sync(mask, predicate);
#else
    return __ballot(predicate);
#endif
}
#endif

namespace at::native {

namespace {

// ---- aten/src/ATen/native/cuda/Embedding.cu (verbatim) ----
#if defined(USE_ROCM)
static const int BLOCKDIMY = 16;
#else
static const int BLOCKDIMY = 32;
#endif

template
  <typename scalar_t,
   typename accscalar_t,
   typename index_t>
__global__ void embedding_backward_feature_kernel
  (const index_t* indices,
   const scalar_t* __restrict__ grad,
   scalar_t* __restrict__ grad_weight,
   int n, // OK to pass as int, we don't expect 2 billion+ samples in one shot
   int64_t stride,
   int padding_idx)
{
  extern __shared__ char buf[];
  accscalar_t* smem = (accscalar_t*)buf;
  accscalar_t* my_s = smem + C10_WARP_SIZE*threadIdx.y;
  int* indices_batch = (int*)(buf + sizeof(accscalar_t)*C10_WARP_SIZE*blockDim.y);

  const int s = (int)stride; // OK to make int, we don't expect 2 billion+ embedding row size

  const int f = threadIdx.x + blockIdx.x*blockDim.x; // feature_dim

  for(int batch_start = 0; batch_start < n; batch_start += blockDim.x*blockDim.y)
  {
    // Entire block cooperates to load a batch of 1024 indices to process
    int tid = threadIdx.x + threadIdx.y*blockDim.x;
    if(batch_start + tid < n)
      indices_batch[tid] = (int)indices[batch_start + tid];  // corpus-bug

    int batch_end = batch_start + blockDim.x*blockDim.y < n ?
                    batch_start + blockDim.x*blockDim.y : n;

    // Loop over the batch of <= 1024 loaded indices in chunks of blockDim.y = 32
    for(int chunk_start = batch_start; chunk_start < batch_end; chunk_start += blockDim.y)
    {
      // This does double duty:  it makes sure indices_batch is ready, and it makes sure match-group
      // leaders are done with their accumulates before other warps start loading again.
      __syncthreads();

      int n_this_chunk = (batch_end - chunk_start) < blockDim.y ?
                         (batch_end - chunk_start) : blockDim.y;

      int src_row = chunk_start + threadIdx.y;
      int dst_row = indices_batch[src_row - batch_start]; // This warp's target row in grad_weight

      // All warps load their smem segments with incoming grad data
      if(src_row < n && f < s && dst_row != padding_idx)
        my_s[threadIdx.x] = static_cast<accscalar_t>(grad[src_row*stride + f]);

      __syncthreads();

      // To ensure determinism, we can't just have each warp add its grad data to its dst_row.
      // We need to check if any other warps pulled grad data targeting dst_row.
      // If so, we elect the first warp in each matching group as the leader.
      // Each leader warp serializes the accumulates targeting dst_row in shared memory,
      // then finishes by adding the accumulated buffer to dst_row in grad_weight.
      if(dst_row != padding_idx && src_row < n) // Per-warp exit condition, safe with ballot_sync
      {
        int match_found_this_thread = 0;
        if(threadIdx.x < n_this_chunk)
          match_found_this_thread = (dst_row == indices_batch[chunk_start - batch_start + threadIdx.x]);
#if defined(USE_ROCM)
        unsigned long long int matchmask = WARP_BALLOT(match_found_this_thread);
        int first_remaining_peer = __ffsll(matchmask) - 1;
#else
        unsigned int matchmask = WARP_BALLOT(match_found_this_thread);
        int first_remaining_peer = __ffs(matchmask) - 1;
#endif

        if(threadIdx.y == first_remaining_peer) // Nominate lowest-indexed warp as the leader
        {
          matchmask ^= (1 << first_remaining_peer);
          while(matchmask)
          {
#if defined(USE_ROCM)
            first_remaining_peer = __ffsll(matchmask) - 1;
#else
            first_remaining_peer = __ffs(matchmask) - 1;
#endif
            my_s[threadIdx.x] += smem[threadIdx.x + C10_WARP_SIZE*first_remaining_peer];
            matchmask ^= (1 << first_remaining_peer);
          }
          if(f < s)
            grad_weight[dst_row*stride + f] += static_cast<scalar_t>(my_s[threadIdx.x]);
        }
      }
    }
  }
}

// ---- instantiation (added): scalar_t = accscalar_t = float, index_t = int64_t ----
template __global__ void embedding_backward_feature_kernel<float, float, int64_t>(const int64_t*, const float* __restrict__,
                                                                                  float* __restrict__, int, int64_t, int);

} // anonymous namespace
} // namespace at::native
