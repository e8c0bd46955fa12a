// The pointers of null_pointer_later_in_loop.cu kept in a struct field and in a local array:
// set to null for threads 64..127 at the end of iteration 0, tested at the top of iteration 1,
// so those threads all write s[0]. Found by the session-17 final review: the loop pre-pass
// marked only plain pointer variables, and both kernels were proved. A pointer read from a
// struct field or an array element may now always be null.
// syncproof-args: --block 128 --grid 1

struct Holder { float* p; };

__global__ void field_later_null(float* out) {
  __shared__ float mine[128], s[128];
  unsigned t = threadIdx.x;
  Holder h;
  h.p = &mine[t];
  s[t] = 0.0f;
  __syncthreads();
  for (int i = 0; i < 2; ++i) {
    if (!h.p) s[0] = (float)t;  // expected-race {{write 's[0]' conflicts with write 's[0]'}}
    if (t >= 64) h.p = nullptr;
  }
  __syncthreads();
  out[t] = s[t] + mine[t];
}

__global__ void element_later_null(float* out) {
  __shared__ float mine[128], s[128];
  unsigned t = threadIdx.x;
  float* ps[1] = {&mine[t]};
  s[t] = 0.0f;
  __syncthreads();
  for (int i = 0; i < 2; ++i) {
    if (!ps[0]) s[0] = (float)t;  // expected-race {{write 's[0]' conflicts with write 's[0]'}}
    if (t >= 64) ps[0] = nullptr;
  }
  __syncthreads();
  out[t] = s[t] + mine[t];
}
