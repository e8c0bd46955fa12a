// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1:64 --param n=0:4096 --distinct-elements map --distinct-elements map2
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (map and map2 are each pairwise distinct, but map[i] == map2[j] is allowed (e.g. both identity); thread i writes out[map[i]] and thread j writes out[map2[j]])
__global__ void k(float *out, const int *map, const int *map2, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { out[map[i]] = 1.0f; out[map2[i]] = 2.0f; }
}
