// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (edge case: distinct int64 map values 0 and 2^62; the byte offset 4*2^62 wraps mod 2^64 in PTX address arithmetic, so both threads write out[0])
__global__ void k(float *out, const long long *map, const float *v) {
  int t = threadIdx.x;
  out[map[t]] = v[t];
}
