// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): correct (benign same-value race: (unsigned char)(tid*256) is 0 for every thread; 1-byte store of 0 by all)
__global__ void k(int *out) {
  __shared__ unsigned char s[4];
  s[0] = (unsigned char)(threadIdx.x * 256);
  __syncthreads();
  out[threadIdx.x] = s[0];
}
