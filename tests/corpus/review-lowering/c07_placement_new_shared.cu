// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy placement-new constructs the object IN shared memory: all threads write sbuf[0]
#include <new>
struct F { float a, b; __device__ F(float x) : a(x), b(0.f) {} };
__global__ void k(float *out) {
  __shared__ float sbuf[64];
  F* p = new (&sbuf[0]) F((float)threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = sbuf[0] + p->b;
}
