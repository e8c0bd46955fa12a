// p becomes null for threads 64..127 at the end of iteration 0; the test at the top of
// iteration 1 sends them all to s[0]. Found by the session-17 review: whether a pointer may be
// null was decided in the order the body was translated (the test before the store), and the
// kernel was proved. Pointers that a loop body may make null are now so from the loop's start.
// syncproof-args: --block 128 --grid 1

__global__ void later_null(float* out) {
  __shared__ float mine[128], s[128];
  unsigned t = threadIdx.x;
  float* p = &mine[t];
  s[t] = 0.0f;
  __syncthreads();
  for (int i = 0; i < 2; ++i) {
    if (!p) s[0] = (float)t;  // expected-race {{write 's[0]' conflicts with write 's[0]'}}
    if (t >= 64) p = nullptr;
  }
  __syncthreads();
  out[t] = s[t] + mine[t];
}
