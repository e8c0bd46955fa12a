// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (no distinct contract at all: odd threads use idx[t], even map[t]; any repeated value makes two threads write the same out element)
__global__ void k(float *out, const int *map, const int *idx, const float *v) {
  int t = threadIdx.x;
  const int *p = (t & 1) ? idx : map;
  out[p[t]] = v[t];
}
