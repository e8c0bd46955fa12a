// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy chained add() on shared object; all threads write acc.v with thread-dependent value
struct Acc {
  float v;
  __device__ Acc& set(float a) { v = a; return *this; }
  __device__ Acc& self() { return *this; }
};
__global__ void k(float *out) {
  __shared__ Acc a[2];
  a[1].self().set(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = a[1].v;
}
