// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy p.idx()=0 through a member reference; all threads write s[0]
struct P {
  float w;
  int i;
  __device__ int& idx() { return i; }
};
__global__ void k(float *out) {
  __shared__ float s[64];
  P p;
  p.w = 1.0f;
  p.i = threadIdx.x;
  p.idx() = 0;
  s[p.i] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
