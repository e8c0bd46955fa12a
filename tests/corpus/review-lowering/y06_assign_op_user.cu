// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy user operator= on a float class, target is the shared sv[0] -> all threads write different values
struct V2 {
  float x, y;
  __device__ V2& operator=(const V2& o) { x = o.x; y = o.y; return *this; }
};
__global__ void k(float *out) {
  __shared__ V2 sv[2];
  V2 loc; loc.x = threadIdx.x; loc.y = 1.f;
  sv[0] = loc;
  __syncthreads();
  out[threadIdx.x] = sv[0].x;
}
