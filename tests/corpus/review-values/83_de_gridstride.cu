// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1:64 --param n=0:4096 --distinct-elements map
// corpus-expect: correct
// TRUTH (the reviewer's): correct (grid-stride scatter through a distinct map: each i visited by one thread, distinct targets)
__global__ void k(float *out, const int *map, const float *v, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    out[map[i]] = v[i];
}
