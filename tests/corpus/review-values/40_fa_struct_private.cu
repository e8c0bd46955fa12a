// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): correct (each thread copies a struct into its own slot s[tid]; reads of a neighbour's slot are after the barrier: no race at all)
struct P { int a; int b; };
__global__ void k(int *out) {
  __shared__ P s[128];
  P p; p.a = threadIdx.x; p.b = 9;
  s[threadIdx.x] = p;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + 1) % 128].a;
}
