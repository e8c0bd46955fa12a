// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy user copy constructor (called implicitly by pass-by-value) writes s[1]
__shared__ float cs[4];
struct C {
  float v;
  __device__ C(float a) : v(a) {}
  __device__ C(const C& o) : v(o.v) { cs[1] = threadIdx.x; }
};
__device__ float use(C c) { return c.v; }
__global__ void k(float *out) {
  C c(2.f);
  float r = use(c);
  __syncthreads();
  out[threadIdx.x] = cs[1] + r;
}
