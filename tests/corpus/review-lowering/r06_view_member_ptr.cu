// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy operator[] returns element of member pointer; all write v[0]
struct View {
  float* p;
  __device__ float& operator[](int i) { return p[i]; }
};
__global__ void k(float *out) {
  __shared__ float s[64];
  View v{s};
  v[0] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
