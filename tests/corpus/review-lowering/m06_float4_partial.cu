// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy thread 0 float4 store covers s[0..3] (w = 7); thread 1 writes s[3] = 5 -> differ
__global__ void k(float *out) {
  __shared__ __align__(16) float s[8];
  if (threadIdx.x == 0) reinterpret_cast<float4*>(s)[0] = make_float4(1.f, 1.f, 1.f, 7.f);
  if (threadIdx.x == 1) s[3] = 5.f;
  __syncthreads();
  out[threadIdx.x] = s[3];
}
