// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (threads 0 and 2 both write s[0] with values 0 and 2)
__global__ void k(int *out) {
  __shared__ int s[2];
  s[threadIdx.x % 2] = threadIdx.x % 4;
  __syncthreads();
  out[threadIdx.x] = s[0] + s[1];
}
