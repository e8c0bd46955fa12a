// corpus-source: written from: CUDA 13.0 toolkit header /usr/local/cuda/include/cooperative_groups/details/sync.h [details::sync_grids_arrive, details::sync_grids_wait, bar_has_flipped, is_cta_master] (grid-barrier code copied from it; the toolkit is not a public git repository)
// corpus-form: adapted (the fence + atomicAdd / volatile-poll + fence branch of NV_IF_ELSE_TARGET taken; _CG_STATIC_QUALIFIER -> static __device__; wrapped in a Jacobi time-step loop written for this corpus)
// syncproof-args: --cooperative --block 256 --grid 1:132 --param num_steps=0:100000 --param n=1:16777216
// corpus-expect: correct
// Time-step loop with a software grid barrier after every step: each block's master thread, after
// __syncthreads, does __threadfence(); atomicAdd(arrived, nb) (the gpu master adds 0x80000000-(expected-1) so
// the top bit flips when all blocks arrived), polls the counter until the top bit flips, __threadfence(), then
// __syncthreads. Step s+1 reads the neighbours written by other blocks at step s and overwrites step s-1's buffer.
#include <cstdint>

typedef unsigned int barrier_t;

static __device__ __forceinline__ bool bar_has_flipped(unsigned int old_arrive, unsigned int current_arrive) {
  return (((old_arrive ^ current_arrive) & 0x80000000) != 0);
}

static __device__ __forceinline__ bool is_cta_master() { return (threadIdx.x + threadIdx.y + threadIdx.z == 0); }

static __device__ __forceinline__ unsigned int sync_grids_arrive(volatile barrier_t* arrived) {
  unsigned int oldArrive = 0;

  __syncthreads();  // __barrier_sync(0)

  if (is_cta_master()) {
    unsigned int expected = gridDim.x * gridDim.y * gridDim.z;
    bool gpu_master = (blockIdx.x + blockIdx.y + blockIdx.z == 0);
    unsigned int nb = 1;

    if (gpu_master) {
      nb = 0x80000000 - (expected - 1);
    }

    // Fence; barrier update; volatile polling; fence
    __threadfence();
    oldArrive = atomicAdd((unsigned int*)arrived, nb);
  }

  return oldArrive;
}

static __device__ __forceinline__ void sync_grids_wait(unsigned int oldArrive, volatile barrier_t* arrived) {
  if (is_cta_master()) {
    while (!bar_has_flipped(oldArrive, *arrived));
    __threadfence();
  }

  __syncthreads();  // __barrier_sync(0)
}

__global__ void __launch_bounds__(256)
jacobi_steps(float* __restrict__ u0, float* __restrict__ u1, barrier_t* arrived, int num_steps, int n) {
  float* buf[2] = {u0, u1};
  const int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  const int gsize = gridDim.x * blockDim.x;
  for (int step = 0; step < num_steps; ++step) {
    const float* src = buf[step & 1];
    float* dst = buf[(step + 1) & 1];
    for (int i = gtid; i < n; i += gsize) dst[i] = (src[(i + n - 1) % n] + src[i] + src[(i + 1) % n]) * (1.0f / 3.0f);

    unsigned int old = sync_grids_arrive(arrived);
    sync_grids_wait(old, arrived);
  }
}
