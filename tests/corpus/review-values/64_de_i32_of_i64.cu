// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1:64 --param n=0:4096 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (long long distinct map read as int32 words ((int*)map)[2*i] = low halves; 0 and 1<<32 collide)
__global__ void k(float *out, const long long *map, const float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[((const int *)map)[2 * i]] = v[i];
}
