// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy shared object whose operator[] returns member array element; all write d[3]
struct Tile {
  float d[64];
  __device__ float& operator[](int i) { return d[i]; }
};
__global__ void k(float *out) {
  __shared__ Tile t;
  t[3] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = t.d[3];
}
