// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 4 --block 64
// corpus-expect: correct
// TRUTH (the reviewer's): correct — out[blockIdx.x] gets {bid, 2*bid}: same value within a block, distinct slots across blocks
struct S { int a; int b; };
__global__ void k(S * __restrict__ out) {
  S v; v.a = blockIdx.x; v.b = 2 * blockIdx.x;
  out[blockIdx.x] = v;
}
