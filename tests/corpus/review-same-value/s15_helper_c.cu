// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64 --param n=0:100
// corpus-expect: correct
// TRUTH (the reviewer's): correct — helper returns struct computed from blockIdx.x + n; same in all threads of the block
struct S { int a; int b; };
__device__ S make(int m) { S s; s.a = m; s.b = m * m; return s; }
__global__ void k(int n) {
  __shared__ S slot;
  slot = make(blockIdx.x + n);
}
