// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy destructor writes g[0] with thread-dependent value at scope exit
struct D {
  float f[2];
  __device__ D() { f[0] = 0.f; f[1] = 1.f; }
  __device__ ~D();
};
__shared__ float gs[4];
__device__ D::~D() { gs[0] = threadIdx.x + f[1]; }
__global__ void k(float *out) {
  { D d; out[threadIdx.x] = d.f[0]; }
  __syncthreads();
  out[threadIdx.x] += gs[0];
}
