// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): correct (benign same-value race: every thread stores in[0] (read-only input) to s[0])
__global__ void k(int *out, const int *in) {
  __shared__ int s[2];
  s[0] = in[0];
  __syncthreads();
  out[threadIdx.x] = s[0];
}
