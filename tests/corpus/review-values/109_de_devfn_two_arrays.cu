// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (threads >= 64 scatter through idx, which is not distinct: idx[64]==idx[65] makes them collide)
__device__ void sc(float *out, const int *m, const float *v, int t) { out[m[t]] = v[t]; }
__global__ void k(float *out, const int *map, const int *idx, const float *v) {
  int t = threadIdx.x;
  if (t < 64) sc(out, map, v, t); else sc(out, idx, v, t);
}
