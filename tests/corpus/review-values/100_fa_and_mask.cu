// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): correct (benign same-value race: (tid*256)&0xff is 0 for every thread; int store)
__global__ void k(int *out) {
  __shared__ int s[2];
  s[0] = (threadIdx.x * 256) & 0xff;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
