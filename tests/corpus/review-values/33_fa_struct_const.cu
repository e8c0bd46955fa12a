// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: correct
// TRUTH (the reviewer's): correct (benign same-value race: every thread stores struct {7,9}; the read is after a barrier)
struct P { int a; int b; };
__global__ void k(int *out) {
  __shared__ P s[2];
  P p; p.a = 7; p.b = 9;
  s[0] = p;
  __syncthreads();
  out[threadIdx.x] = s[0].b;
}
