// corpus-source: NVIDIA/apex@6424da3b4faa6c8f062da4a48c424fff3f02d42d:csrc/multi_tensor_l2norm_kernel.cu [cleanup, reduce_block_into_lanes (csrc/type_shim.h)]
// corpus-form: verbatim (reduce_block_into_lanes inlined verbatim from csrc/type_shim.h; ATen includes dropped)
// syncproof-args: --grid 1:65535 --block 512 --param max_chunks_per_tensor=-1:1048576
// corpus-expect: correct
// Second pass of multi_tensor_l2norm: block 0 reduces the 320 per-block partials into *ret; when per_tensor, every block
// reduces its tensor's chunk partials. reduce_block_into_lanes is called twice back to back on the same shared buffer;
// its trailing __syncthreads orders the first call's reads before the second call's writes.
// Host launch: cleanup<<<per_tensor ? ntensors : 1, 512, 0, stream>>>(output..., ret..., per_tensor, max_chunks_per_tensor);
#include <cstdint>

// ---- from csrc/type_shim.h (verbatim) ----
template <typename T>
__device__ __forceinline__ T reduce_block_into_lanes(T* x, T val, int lanes = 1,
                                                     bool share_result = false)  // lanes is intended to be <= 32.
{
  int tid = threadIdx.x + threadIdx.y * blockDim.x;
  int blockSize = blockDim.x * blockDim.y;  // blockSize is intended to be a multiple of 32.

  if (blockSize >= 64) {
    x[tid] = val;
    __syncthreads();
  }

#pragma unroll
  for (int i = (blockSize >> 1); i >= 64; i >>= 1) {
    if (tid < i) x[tid] = x[tid] + x[tid + i];
    __syncthreads();
  }

  T final;

  if (tid < 32) {
    if (blockSize >= 64)
      final = x[tid] + x[tid + 32];
    else
      final = val;
    // __SYNCWARP();

#pragma unroll
    for (int i = 16; i >= lanes; i >>= 1) final = final + __shfl_down_sync(0xffffffff, final, i);
  }

  if (share_result) {
    if (tid < lanes) x[tid] = final;  // EpilogueOp
    // Make sure the smem result is visible to all warps.
  }
  __syncthreads();
  // Avoid potential write before read race when reduce_block_into_lanes is called back to back

  return final;
}

// ---- csrc/multi_tensor_l2norm_kernel.cu (verbatim) ----
__global__ void cleanup(float* output, float* output_per_tensor, float* ret, float* ret_per_tensor, bool per_tensor,
                        int max_chunks_per_tensor) {
  __shared__ float vals[512];

  if (blockIdx.x == 0) {
    float val = 0;
    if (threadIdx.x < 320) val = output[threadIdx.x];

    float final = reduce_block_into_lanes(vals, val);

    if (threadIdx.x == 0) *ret = sqrt(final);
  }

  if (per_tensor) {
    float* output_this_tensor = output_per_tensor + blockIdx.x * max_chunks_per_tensor;

    float val = 0;
    for (int i = threadIdx.x; i < max_chunks_per_tensor; i += blockDim.x) val += output_this_tensor[i];

    float final = reduce_block_into_lanes(vals, val);

    if (threadIdx.x == 0) ret_per_tensor[blockIdx.x] = sqrt(final);
  }
}
