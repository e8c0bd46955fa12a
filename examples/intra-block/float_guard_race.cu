// A race on a path that a floating-point comparison guards: every thread whose input is
// positive stores into s[0]. The comparison's value is not computed (a fresh value in each
// thread), and here that is what inputs do: two threads with positive inputs both store.
// A violation, not a possible one.
// syncproof-args: --block 128 --grid 1:1024
__global__ void k(const float *x, int *out) {
  __shared__ int s[1];
  float v = x[blockIdx.x * 128 + threadIdx.x];
  if (v > 0.5f) s[0] = threadIdx.x;  // expected-race {{data race on 's'}}
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}
