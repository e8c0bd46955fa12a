// Odd and even threads copy in[2] into one shared slot through two different load statements.
// in is memory no thread writes: both loads read one address, so one value, and the unordered
// stores write it twice: a possible race (unknown), not a violation (docs/memory-model.md
// "Writes of one value"). (An adversarial review found it reported as a violation: the rule
// related loads of one statement only.)
// syncproof-args: --block 64 --grid 1
__global__ void k(const int* __restrict__ in, int* out) {
  __shared__ int s[4];
  if (threadIdx.x & 1)
    s[0] = in[2];  // expected-unknown {{possible data race on 's'}}
  else
    s[0] = in[1 + 1];  // expected-unknown {{possible data race on 's'}} expected-unknown {{possible data race on 's'}}
  __syncthreads();
  out[threadIdx.x] = s[0];
}
