// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (odd threads index through idx (not distinct): idx[1]==idx[3] makes threads 1 and 3 collide; also map[0]==idx[1] possible)
__global__ void k(float *out, const int *map, const int *idx, const float *v) {
  int t = threadIdx.x;
  const int *p = (t & 1) ? idx : map;
  out[p[t]] = v[t];
}
