// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy operator+= on a shared float object (read-modify-write by all threads)
struct V2 {
  float x, y;
  __device__ V2& operator+=(const V2& o) { x += o.x; y += o.y; return *this; }
};
__global__ void k(float *out) {
  __shared__ V2 acc;
  V2 d; d.x = 1.f; d.y = 2.f;
  acc += d;
  __syncthreads();
  out[threadIdx.x] = acc.x;
}
