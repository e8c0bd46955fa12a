// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64 --param n=0:100
// corpus-expect: correct
// TRUTH (the reviewer's): correct — copy-construct (placement new) the same struct {n,7} into one shared buffer
#include <new>
struct S { int a; int b; };
__global__ void k(int n) {
  __shared__ alignas(S) unsigned char buf[sizeof(S)];
  S v; v.a = n; v.b = 7;
  new (buf) S(v);
}
