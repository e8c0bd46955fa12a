// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy reading t[tid^1] through operator[] of a shared object races with neighbour's write
struct Tile { float d[64]; __device__ const float& operator[](int i) const { return d[i]; } __device__ float& operator[](int i) { return d[i]; } };
__global__ void k(float *out) {
  __shared__ Tile t;
  t[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = static_cast<const Tile&>(t)[threadIdx.x ^ 1];
}
