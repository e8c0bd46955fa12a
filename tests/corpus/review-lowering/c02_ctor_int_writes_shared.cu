// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy int-field constructor writes s[0] with thread-dependent value
struct I {
  int a;
  __device__ I(float* s) { a = 0; s[0] = threadIdx.x; }
};
__global__ void k(float *out) {
  __shared__ float s[64];
  I w(s);
  __syncthreads();
  out[threadIdx.x] = s[0] + w.a;
}
