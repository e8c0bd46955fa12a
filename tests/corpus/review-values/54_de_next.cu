// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1:64 --param n=0:4096 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (thread i writes out[map[i]] and out[map[i+1]]; thread i+1 writes out[map[i+1]] too, values 1 vs 2)
__global__ void k(float *out, const int *map, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) { out[map[i]] = 1.0f; out[map[i + 1]] = 2.0f; }
}
