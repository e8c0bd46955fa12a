// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy row reference tile[tid/8]: 8 threads share row, all write row[0]
__global__ void k(float *out) {
  __shared__ float tile[8][8];
  float (&row)[8] = tile[threadIdx.x / 8];
  row[0] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[0][0];
}
