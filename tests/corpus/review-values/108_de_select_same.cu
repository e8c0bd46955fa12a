// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --distinct-elements map --distinct-elements idx
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (both select arms are the non-distinct idx... except even threads read map; map[0]==idx[1] is allowed since distinctness is per array)
__global__ void k(float *out, const int *map, const int *idx, const float *v) {
  int t = threadIdx.x;
  const int *p = (t & 1) ? idx : map;
  out[p[t]] = v[t];
}
