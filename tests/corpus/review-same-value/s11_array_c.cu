// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64 --param n=0:100
// corpus-expect: correct
// TRUTH (the reviewer's): correct — struct with int[4], element k = k*n, same in all threads
struct A { int v[4]; };
__global__ void k(int n) {
  __shared__ A slot;
  A a;
  for (int j = 0; j < 4; ++j) a.v[j] = j * n;
  slot = a;
}
