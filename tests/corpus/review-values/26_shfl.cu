// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (__shfl_sync(tid, 0) gives lane 0's tid: 0,32,64,96 in the 4 warps; all store to s[0])
__global__ void k(int *out) {
  __shared__ int s[2];
  int v = __shfl_sync(0xffffffffu, (int)threadIdx.x, 0);
  s[0] = v;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
