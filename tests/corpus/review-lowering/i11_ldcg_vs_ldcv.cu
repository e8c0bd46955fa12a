// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): same-value odd threads store __ldcg(&in[2]), even store __ldcv(&in[2]) (same site pattern as i13) -> possible (3)
__global__ void k(const int * __restrict__ in, int *out) {
  __shared__ int s[4];
  int v = (threadIdx.x & 1) ? __ldcg(&in[2]) : __ldcv(&in[2]);
  s[0] = v;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
