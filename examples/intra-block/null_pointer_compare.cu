// p is null for threads 64..127, so `p != q` holds exactly for them and they all write s[0].
// Found by the session-17 review: a pointer that may be null had the other side's offset in
// the model, the comparison with q compared offsets only, and the kernel was proved.
// syncproof-args: --block 128 --grid 1

__global__ void compare(float* out) {
  __shared__ float mine[128], s[128];
  unsigned t = threadIdx.x;
  float* p = t < 64 ? &mine[t] : nullptr;
  float* q = &mine[t];
  s[t] = 0.0f;
  __syncthreads();
  if (p != q) s[0] = (float)t;  // expected-race {{write 's[0]' conflicts with write 's[0]'}}
  __syncthreads();
  out[t] = s[t] + mine[t];
}
