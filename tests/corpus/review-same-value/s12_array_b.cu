// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64 --param n=0:100
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy — element 2 is 1 larger in thread 5 only
struct A { int v[4]; };
__global__ void k(int n) {
  __shared__ A slot;
  A a;
  for (int j = 0; j < 4; ++j) a.v[j] = j * n + ((j == 2 && threadIdx.x == 5) ? 1 : 0);
  slot = a;
}
