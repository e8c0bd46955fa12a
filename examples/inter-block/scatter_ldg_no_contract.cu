// scatter_ldg_distinct_ok.cu without the distinct_elements fact: two elements of the map may
// be equal, and then two threads write one element of out (a violation that names the input).
// syncproof-args: --block 128 --grid 1:64 --param n=0:4096
__global__ void k(float *out, const int *__restrict__ map, const float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[__ldg(&map[i])] = v[i];  // expected-race {{two different elements of 'map' hold equal values}}
}
