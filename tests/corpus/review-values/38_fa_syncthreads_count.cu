// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1:8
// corpus-expect: correct
// TRUTH (the reviewer's): correct (benign same-value race: __syncthreads_count returns the same count to every thread of the block; all store it into the block's s[0])
__global__ void k(int *out, const int *in) {
  __shared__ int s[2];
  int c = __syncthreads_count(in[threadIdx.x] > 0);
  s[0] = c;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[0];
}
