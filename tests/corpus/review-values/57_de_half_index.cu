// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1:64 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (threads 2j and 2j+1 both read map[j] and write out[map[j]] with different v)
__global__ void k(float *out, const int *map, const float *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[map[i / 2]] = v[i];
}
