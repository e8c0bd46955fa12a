// corpus-source: NVIDIA/apex@6424da3b4faa6c8f062da4a48c424fff3f02d42d:csrc/layer_norm_cuda_kernel.cu [cuComputeGradGammaBeta]
// corpus-form: verbatim (ATen includes dropped; explicit instantiation <float,float> added)
// syncproof-args: --grid 1:32768 --block 32,8 --dynamic-smem 1024 --param part_size=16 --param n1=1:2147483647 --param n2=1:1048576
// corpus-expect: buggy divergence
// Second stage of LayerNorm grad_gamma/grad_beta: sums the 16 partial rows and tree-reduces over threadIdx.y in shared memory.
// The whole body, including the two __syncthreads per tree step, sits under if (i2 < n2) with i2 = blockIdx.x*blockDim.x +
// threadIdx.x. The host rounds the grid up (ceil(n2/32) blocks), so whenever n2 % 32 != 0 the last block has threads with
// i2 >= n2 that skip every barrier while the others wait in it: __syncthreads in non-uniform control flow (CUDA Programming
// Guide: undefined / may hang). It runs on current GPUs only because the skipping threads exit.
// Host launch (HostLayerNormGradient): threads3(32, 8, 1); blocks3((n2 + threads2.x - 1) / threads2.x, 1, 1);
//   nshared3 = threads3.x * threads3.y * sizeof(U) = 1024;  cuComputeGradGammaBeta<<<blocks3, threads3, nshared3, stream>>>(part_grad_gamma, part_grad_beta, part_size, n1, n2, grad_gamma, grad_beta, false);
#include <cuda.h>
#include <cuda_runtime.h>

// ---- csrc/layer_norm_cuda_kernel.cu (verbatim) ----
namespace {
// This is the un-specialized struct.  Note that we prevent instantiation of this
// struct by putting an undefined symbol in the function body so it won't compile.
//  template <typename T>
//  struct SharedMemory
//  {
//      // Ensure that we won't compile any un-specialized types
//      __device__ T *getPointer()
//      {
//          extern __device__ void error(void);
//          error();
//          return nullptr;
//      }
//  };
// https://github.com/NVIDIA/apex/issues/246
template <typename T>
struct SharedMemory;

template <>
struct SharedMemory<float> {
  __device__ float* getPointer() {
    extern __shared__ float s_float[];
    return s_float;
  }
};

template <>
struct SharedMemory<double> {
  __device__ double* getPointer() {
    extern __shared__ double s_double[];
    return s_double;
  }
};
}  // namespace

template <typename U, typename V>
__global__ void cuComputeGradGammaBeta(const U* part_grad_gamma, const U* part_grad_beta, const int part_size,
                                       const int n1, const int n2, V* grad_gamma, V* grad_beta, bool rms_only) {
  // sum partial gradients for gamma and beta
  SharedMemory<U> shared;
  U* buf = shared.getPointer();
  int i2 = blockIdx.x * blockDim.x + threadIdx.x;
  if (i2 < n2) {
    // each warp does sequential reductions until reduced part_size is num_warps
    int num_warp_reductions = part_size / blockDim.y;
    U sum_gamma = U(0);
    U sum_beta = U(0);
    const U* part_grad_gamma_ptr = part_grad_gamma + threadIdx.y * num_warp_reductions * n2 + i2;
    const U* part_grad_beta_ptr = part_grad_beta + threadIdx.y * num_warp_reductions * n2 + i2;
    for (int warp_offset = 0; warp_offset < num_warp_reductions; ++warp_offset) {
      sum_gamma += part_grad_gamma_ptr[warp_offset * n2];
      if (!rms_only) {
        sum_beta += part_grad_beta_ptr[warp_offset * n2];
      }
    }
    // inter-warp reductions
    const int nbsize3 = blockDim.x * blockDim.y / 2;
    for (int offset = blockDim.y / 2; offset >= 1; offset /= 2) {
      // top half write to shared memory
      if (threadIdx.y >= offset && threadIdx.y < 2 * offset) {
        const int write_idx = (threadIdx.y - offset) * blockDim.x + threadIdx.x;
        buf[write_idx] = sum_gamma;
        if (!rms_only) {
          buf[write_idx + nbsize3] = sum_beta;
        }
      }
      __syncthreads();  // corpus-bug
      // bottom half sums
      if (threadIdx.y < offset) {
        const int read_idx = threadIdx.y * blockDim.x + threadIdx.x;
        sum_gamma += buf[read_idx];
        if (!rms_only) {
          sum_beta += buf[read_idx + nbsize3];
        }
      }
      __syncthreads();
    }
    // write out fully summed gradients
    if (threadIdx.y == 0) {
      grad_gamma[i2] = sum_gamma;
      if (!rms_only) {
        grad_beta[i2] = sum_beta;
      }
    }
  }
}

// ---- instantiation (added) ----
template __global__ void cuComputeGradGammaBeta<float, float>(const float*, const float*, const int, const int, const int,
                                                              float*, float*, bool);
