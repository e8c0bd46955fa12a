// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (thread 0 loads 4-byte map[0]; thread 64 loads 8 bytes at offset 0 and truncates: low half = map[0]; both write out[map[0]])
__global__ void k(float *out, const int *map, const float *v) {
  int t = threadIdx.x;
  int m;
  if (t < 64) m = map[t];
  else m = (int)((const long long *)map)[t - 64];
  out[m] = v[t];
}
