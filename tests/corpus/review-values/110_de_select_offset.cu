// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (odd threads read (map+1)[t] = map[t+1]: thread 1 reads map[2], thread 2 reads map[2]; both write out[map[2]] with different v)
__global__ void k(float *out, const int *map, const float *v) {
  int t = threadIdx.x;
  const int *p = (t & 1) ? map + 1 : map;
  out[p[t]] = v[t];
}
