// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): correct (benign same-value race: every thread stores 1.5f)
__global__ void k(float *out) {
  __shared__ float s[2];
  s[0] = 1.5f;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
