// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy object with a reference field bound to s[0]; set() writes s[0] in all threads
struct R {
  float& ref;
  float scale;
  __device__ R(float& r) : ref(r), scale(2.f) {}
  __device__ void set(float v) { ref = v * scale; }
};
__global__ void k(float *out) {
  __shared__ float s[64];
  R r(s[0]);
  r.set(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = s[0];
}
