// A pointer parameter may be null (an optional input): `if (!bias)` is not dead code, and the
// threads taking it all write s[0]. Found by the session-17 review: the truth value of any
// pointer into a region was taken to be true, the branch was dead and the kernel was proved.
// Only addresses in shared memory are known to be non-null now.
// syncproof-args: --block 128 --grid 1

__global__ void optional_bias(float* out, const float* bias) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  s[t] = 0.0f;
  __syncthreads();
  if (!bias) s[0] = (float)t;  // expected-race {{write 's[0]' conflicts with write 's[0]'}}
  __syncthreads();
  out[t] = s[t] + (bias ? bias[t] : 0.0f);
}
