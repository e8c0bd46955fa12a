// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy const method get() reads member of a SHARED object written by the neighbour, no barrier
struct V2 {
  float x, y;
  __device__ float get() const { return x + y; }
};
__global__ void k(float *out) {
  __shared__ V2 sv[64];
  sv[threadIdx.x].x = threadIdx.x;
  sv[threadIdx.x].y = 0.f;
  out[threadIdx.x] = sv[threadIdx.x ^ 1].get();
}
