// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (pointer chosen by an if/else on a parameter loaded value: when sel[t] != 0 the thread reads idx[t] (not distinct) -> collisions among those threads)
__global__ void k(float *out, const int *map, const int *idx, const int *sel, const float *v) {
  int t = threadIdx.x;
  const int *p;
  if (sel[t]) p = idx; else p = map;
  out[p[t]] = v[t];
}
