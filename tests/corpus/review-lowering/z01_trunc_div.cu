// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy C division truncates: x=-1 -> (-1/2)*2+(-1&1)=1 and x=1 -> 1; threads 31 and 33 both write s[33]
__global__ void k(int *out) {
  __shared__ int s[128];
  int x = (int)threadIdx.x - 32;
  int idx = (x / 2) * 2 + (x & 1);
  s[idx + 32] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
