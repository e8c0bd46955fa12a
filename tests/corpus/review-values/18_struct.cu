// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (struct assignment writes field a = 7 (same) and b = tid (different))
struct P { int a; int b; };
__global__ void k(int *out) {
  __shared__ P s[2];
  P p; p.a = 7; p.b = threadIdx.x;
  s[0] = p;
  __syncthreads();
  out[threadIdx.x] = s[0].b;
}
