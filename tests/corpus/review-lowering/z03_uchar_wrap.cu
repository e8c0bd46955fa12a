// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy unsigned char index wraps at 256: threads 0 and 64 both write s[0]
__global__ void k(int *out) {
  __shared__ int s[256];
  unsigned char i = threadIdx.x * 4;
  s[i] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
