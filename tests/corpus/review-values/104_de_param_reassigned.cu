// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (the parameter map is reassigned to idx, which is not distinct; idx[0]==idx[1] makes threads 0 and 1 write the same out element)
__global__ void k(float *out, const int *map, const int *idx, const float *v) {
  int t = threadIdx.x;
  map = idx;
  out[map[t]] = v[t];
}
