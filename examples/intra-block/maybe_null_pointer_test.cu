// A pointer that is null for some threads (`t < 32 ? &mine[t] : nullptr`), tested with
// `if (!p)`: the threads holding null all write s[0]. Before session 16 a pointer into a
// region was taken to be non-null even when one side of the `?:` was null, the branch was
// dead, and the kernel was proved. (The truth value of such a pointer is an arbitrary value
// in the model, so the pointer lives in its own array here: a thread holding null may take
// the `if (p)` branch in the model too.)
// syncproof-args: --block 128 --grid 1

__global__ void fallback(float* out) {
  __shared__ float mine[128], s[128];
  unsigned t = threadIdx.x;
  float* p = t < 32 ? &mine[t] : nullptr;
  s[t] = 0.0f;
  __syncthreads();
  if (p) *p = 1.0f;
  if (!p) s[0] = (float)t;  // expected-race {{write 's[0]' conflicts with write 's[0]'}}
  __syncthreads();
  out[t] = s[t] + mine[t];
}
