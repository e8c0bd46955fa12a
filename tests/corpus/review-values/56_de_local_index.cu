// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 2:64 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (index is threadIdx.x only; thread 0 of block 0 and of block 1 read the same map element and write the same out address)
__global__ void k(float *out, const int *map, const float *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[map[threadIdx.x]] = v[i];
}
