// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1:64 --param n=0:4096 --distinct-elements map
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (map is int32 with distinct elements, but the kernel reads single bytes ((unsigned char*)map)[i]; bytes of distinct ints repeat, e.g. map={0,256}: bytes 0,0,0,0,0,1,0,0)
__global__ void k(float *out, const int *map, const float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned char *b = (const unsigned char *)map;
  if (i < n) out[b[i]] = v[i];
}
