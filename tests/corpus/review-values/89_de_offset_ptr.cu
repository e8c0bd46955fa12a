// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (thread t<64 reads map[t]; thread t>=64 reads (map+1)[t-64] = map[t-63]; threads 1 and 64 both read map[1])
__global__ void k(float *out, const int *map, const float *v) {
  int t = threadIdx.x;
  const int *m2 = map + 1;
  int m = (t < 64) ? map[t] : m2[t - 64];
  out[m] = v[t];
}
