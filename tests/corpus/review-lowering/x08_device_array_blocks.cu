// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1:4
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy __device__ array written at [tid] by every block with blockIdx -> inter-block race when grid >= 2
__device__ int gbuf[64];
__global__ void k(int *out) {
  gbuf[threadIdx.x] = blockIdx.x;
}
