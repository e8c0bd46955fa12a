// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (inline asm reads %tid.x, different per thread; stored to s[0])
__global__ void k(int *out) {
  __shared__ int s[2];
  unsigned t;
  asm volatile("mov.u32 %0, %%tid.x;" : "=r"(t));
  s[0] = t;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
