// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy — a = in[threadIdx.x & 1]; differs when in[0] != in[1]
struct S { int a; int b; };
__global__ void k(const int * __restrict__ in) {
  __shared__ S slot;
  S v; v.a = in[threadIdx.x & 1]; v.b = in[0];
  slot = v;
}
