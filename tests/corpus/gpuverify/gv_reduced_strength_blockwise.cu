// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/reduced_strength_blockwise/kernel.cu
// corpus-form: adapted (added #define WIDTH 2064 (GPUVerify -D option); 15 GPUVerify builtin line(s) (__requires/__ensures/__assert/__invariant...) commented out)
// syncproof-args: --block 256,1,1 --grid 2,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=256 --gridDim=2 -DWIDTH=2064 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
#define WIDTH 2064  // corpus: from GPUVerify option -DWIDTH=2064
//pass
//--blockDim=256 --gridDim=2 -DWIDTH=2064 --no-inline
#include <cuda.h>

/*
 * This kernel demonstrates a blockwise strength-reduction loop.
 * Each block is given a disjoint partition (of length WIDTH) of A.
 * Then each thread writes multiple elements in the partition.
 * It is not necessarily the case that WIDTH%blockDim.x == 0
 */

__global__ void k(int *A) {
// [corpus: GPUVerify builtin removed] __assert(blockDim.x <= WIDTH);
#ifdef BLOCK_DIVIDES_WIDTH
// [corpus: GPUVerify builtin removed] __assert(__mod_pow2(WIDTH, blockDim.x) == 0);
#endif

  for (int i=threadIdx.x; 

#ifndef BLOCK_DIVIDES_WIDTH
    // working set(1) using global invariants
// [corpus: GPUVerify builtin removed] /*A*/__global_invariant(__write_implies(A, (blockIdx.x*WIDTH) <= __write_offset_bytes(A)/sizeof(int))),
// [corpus: GPUVerify builtin removed] /*B*/__global_invariant(__write_implies(A,                       __write_offset_bytes(A)/sizeof(int) < (blockIdx.x+1)*WIDTH)),
// [corpus: GPUVerify builtin removed] /*C*/__invariant(threadIdx.x <= i),
// [corpus: GPUVerify builtin removed] /*D*/__invariant(               i <= WIDTH+blockDim.x),
// [corpus: GPUVerify builtin removed] __invariant(i % blockDim.x == threadIdx.x),
// [corpus: GPUVerify builtin removed] __global_invariant(__write_implies(A, (((__write_offset_bytes(A)/sizeof(int)) % WIDTH) % blockDim.x) == threadIdx.x)),
#else
    // working set(2) iff WIDTH % blockDim.x == 0
// [corpus: GPUVerify builtin removed] /*A*/__invariant(__write_implies(A, (blockIdx.x*WIDTH) <= __write_offset_bytes(A)/sizeof(int))),
// [corpus: GPUVerify builtin removed] /*B*/__invariant(__write_implies(A,                       __write_offset_bytes(A)/sizeof(int) < (blockIdx.x+1)*WIDTH)),
// [corpus: GPUVerify builtin removed] /*C*/__invariant(threadIdx.x <= i),
// [corpus: GPUVerify builtin removed] /*D*/__invariant(               i <= WIDTH+blockDim.x),
// [corpus: GPUVerify builtin removed] __invariant(__uniform_int((i-threadIdx.x))),
// [corpus: GPUVerify builtin removed] __invariant(__uniform_bool(__enabled())),
#endif

    i<WIDTH; i+=blockDim.x) {
    A[blockIdx.x*WIDTH+i] = i;
  }

#ifdef FORCE_FAIL
// [corpus: GPUVerify builtin removed] __assert(false);
#endif
}
