// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1:64 --param n=0:4096 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (thread i writes out[map[i]] and out[map[i+1]] in a loop; thread i+1 writes out[map[i+1]])
__global__ void k(float *out, const int *map, const float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k2 = 0; k2 < 2; k2++)
    if (i + k2 < n) out[map[i + k2]] = v[i];
}
