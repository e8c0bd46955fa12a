// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1 --distinct-elements idx>=0
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy only elements >= 0 are distinct; -1 may repeat and j+1 = 0 for them -> collisions on out[0]
__global__ void k(const int *idx, int *out) {
  int j = idx[threadIdx.x];
  if (j >= -1) out[j + 1] = threadIdx.x;
}
