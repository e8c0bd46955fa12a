// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (scatter into the map itself: thread i writes map[map[i]] while thread j = map[i] reads map[j])
__global__ void k(int *map) {
  int i = threadIdx.x;
  map[map[i]] = i;
}
