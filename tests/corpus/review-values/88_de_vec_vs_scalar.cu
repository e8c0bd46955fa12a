// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (thread t<64 uses scalar map[t]; thread t>=64 uses the int2 vector load ((int2*)map)[t-64].x = map[2(t-64)]; threads 0 and 64 both read map[0] and write out[map[0]] with different v)
__global__ void k(float *out, const int *map, const float *v) {
  int t = threadIdx.x;
  int m;
  if (t < 64) m = map[t];
  else m = ((const int2 *)map)[t - 64].x;
  out[m] = v[t];
}
