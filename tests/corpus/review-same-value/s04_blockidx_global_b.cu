// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 4 --block 64
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy — all blocks store {bid, 2*bid} into out[0]; blocks 0 and 1 store different values
struct S { int a; int b; };
__global__ void k(S * __restrict__ out) {
  S v; v.a = blockIdx.x; v.b = 2 * blockIdx.x;
  out[0] = v;
}
