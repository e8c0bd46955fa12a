// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 32 --grid 2:8
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (s holds blockIdx.x in each block's own shared memory; thread 0 of every block stores s to out[0]; the same load expression yields different values in different blocks)
__global__ void k(int *out) {
  __shared__ int s;
  if (threadIdx.x == 0) s = blockIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) out[0] = s;
}
