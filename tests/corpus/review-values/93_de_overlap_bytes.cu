// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (map={0,1}: thread 0 writes int at bytes 0..3, thread 1 writes int at bytes 2..5 of outc (2-byte aligned stride, 4-byte stores overlap))
__global__ void k(short *outs, const int *map, const float *v) {
  int t = threadIdx.x;
  *(int *)(outs + 2 * (map[t] / 2) + (map[t] & 1)) = t;
}
