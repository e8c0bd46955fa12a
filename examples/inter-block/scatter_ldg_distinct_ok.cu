// A scatter whose map is read with __ldg (ld.global.nc): out[map[i]] = v[i], with the
// contract's distinct_elements fact on map. A cache-hinted load of *p is the same access and
// the same value as a plain load of *p, so the fact applies to it as to `map[i]`: proved.
// syncproof-args: --block 128 --grid 1:64 --param n=0:4096 --distinct-elements map
__global__ void k(float *out, const int *__restrict__ map, const float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[__ldg(&map[i])] = v[i];
}
// expected-no-diagnostics
