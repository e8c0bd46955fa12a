// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/ctimeslid/kernel.cu
// corpus-form: adapted (added #define WIDTH 256 (GPUVerify -D option); 1 GPUVerify builtin line(s) (__requires/__ensures/__assert/__invariant...) commented out)
// syncproof-args: --block 64,1,1 --grid 16,1,1
// corpus-expect: correct
// GPUVerify expects //pass //--blockDim=64 --gridDim=16 -DWIDTH=256 --no-inline
// Original file distributed under the Microsoft Public License (Ms-PL); see LICENSE.gpuverify.
#define WIDTH 256  // corpus: from GPUVerify option -DWIDTH=256
//pass
//--blockDim=64 --gridDim=16 -DWIDTH=256 --no-inline

/*
 * Each thread writes to a shared array and updates indicies [256*tid, 256*(tid+1)).
 * Test that GPUVerify generates a CTimesLid invariant.
 */

__global__ void k() {
  __shared__ unsigned int A[16384];

  for (unsigned int i=0; i<WIDTH; i++) {
    A[i+threadIdx.x*WIDTH] = threadIdx.x;
  }

#ifdef FORCE_FAIL
// [corpus: GPUVerify builtin removed] __assert(false);
#endif
}
