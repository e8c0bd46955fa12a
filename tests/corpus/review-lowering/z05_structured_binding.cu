// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy structured binding by reference to shared sv[0]; all threads write a
struct V2 { float x, y; };
__global__ void k(float *out) {
  __shared__ V2 sv[2];
  auto& [a, b] = sv[0];
  a = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = sv[0].x + b;
}
