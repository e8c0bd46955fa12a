// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy object with float field + ctor holds shared pointer; all write base[1]
struct Buf {
  float* base;
  float scale;
  __device__ Buf(float* b) : base(b), scale(1.0f) {}
  __device__ float& at(int i) { return base[i + 1]; }
};
__global__ void k(float *out) {
  __shared__ float s[64];
  Buf b(s);
  b.at(0) = threadIdx.x * b.scale;
  __syncthreads();
  out[threadIdx.x] = s[1];
}
