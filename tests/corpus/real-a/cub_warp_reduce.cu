// corpus-source: NVIDIA/cccl@571f2fc3bc53cd710e306ad43d58995c1fe4219f:cub/cub/warp/warp_reduce.cuh [WarpReduce::Sum(input, valid_items) documentation ExampleKernel]
// corpus-form: adapted (the code block of the WarpReduce::Sum(input, valid_items) documentation comment, lines 276-293, with the //! prefix removed)
// syncproof-args: --block 32 --grid 1 --param valid_items=1:32
// corpus-expect: correct
// Documented single-warp partial reduction: lanes below valid_items load d_data[lane], all 32 lanes call cub::WarpReduce<int>::Sum(thread_data, valid_items) (shuffles).
// The documentation describes a partially-full block of 32 threads (one warp).
// ---- code block from cub/cub/warp/warp_reduce.cuh lines 276-293 (doc comment) ----
#include <cub/cub.cuh>

__global__ void ExampleKernel(int *d_data, int valid_items)
{
    // Specialize WarpReduce for type int
    using WarpReduce = cub::WarpReduce<int>;

    // Allocate WarpReduce shared memory for one warp
    __shared__ typename WarpReduce::TempStorage temp_storage;

    // Obtain one input item per thread if in range
    int thread_data;
    if (threadIdx.x < valid_items)
        thread_data = d_data[threadIdx.x];

    // Return the warp-wide sums to each lane0
    int aggregate = WarpReduce(temp_storage).Sum(thread_data, valid_items);
}
