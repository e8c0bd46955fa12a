// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 2:8
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (__syncthreads_count(tid < blockIdx.x) equals min(blockIdx.x,128): same within a block, differs between blocks; thread 0 of every block stores it to out[0])
__global__ void k(int *out) {
  int c = __syncthreads_count(threadIdx.x < blockIdx.x);
  if (threadIdx.x == 0) out[0] = c;
}
