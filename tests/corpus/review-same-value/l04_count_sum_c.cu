// corpus-source: written for an adversarial review of syncproof's same-value write rule (struct assignments, parts of one input word, block results kept across loop iterations, values that differ only between blocks), black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --grid 1 --block 64
// corpus-expect: correct
// TRUTH (the reviewer's): correct — sum over iterations of block-uniform __syncthreads_count results
__global__ void k(const int * __restrict__ in) {
  __shared__ int s[1];
  int acc = 0;
  for (int i = 0; i < 3; ++i)
    acc += __syncthreads_count(in[threadIdx.x * 3 + i] & 1);
  s[0] = acc;
}
