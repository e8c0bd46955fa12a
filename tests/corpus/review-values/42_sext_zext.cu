// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1 --param n=0
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (with n=0, v=-1: odd threads store sext(v)=0xFFFFFFFFFFFFFFFF, even threads zext(v)=0x00000000FFFFFFFF to the same 8 bytes)
__global__ void k(long long *out, int n) {
  __shared__ long long s[2];
  int v = n - 1;
  if (threadIdx.x & 1) s[0] = (long long)v;
  else s[0] = (long long)(unsigned)v;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
