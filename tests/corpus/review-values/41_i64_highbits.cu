// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (64-bit stores of tid<<32: low 32 bits equal (0), high 32 bits differ per thread)
__global__ void k(long long *out) {
  __shared__ long long s[2];
  s[0] = (long long)threadIdx.x << 32;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
