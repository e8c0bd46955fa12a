// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy copy-assigning a private float object to a shared one, thread-dependent
struct F { float a[2]; __device__ F(float x) { a[0] = x; a[1] = 0.f; } __device__ F() {} };
__global__ void k(float *out) {
  __shared__ F sf[2];
  F loc((float)threadIdx.x);
  sf[0] = loc;
  __syncthreads();
  out[threadIdx.x] = sf[0].a[0];
}
