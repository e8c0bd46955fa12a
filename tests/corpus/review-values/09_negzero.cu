// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (x*0.0f is -0.0f (0x80000000) for negative x and +0.0f for x>=0; fp-equal but different bits, observable via __float_as_int)
__global__ void k(int *out) {
  __shared__ float s[2];
  float x = (float)((int)threadIdx.x - 64);
  s[0] = x * 0.0f;
  __syncthreads();
  out[threadIdx.x] = __float_as_int(s[0]);
}
