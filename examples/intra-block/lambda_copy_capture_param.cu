// A kernel parameter captured by copy and assigned afterwards: the lambda still sees n = 1,
// so thread t writes its neighbour's slot s[(t + 1) % 128]. Found by the session-17 review:
// the by-copy capture of session 16 skipped kernel parameters (taken as read-only), the
// lambda read n = 0, and the kernel was proved.
// syncproof-args: --block 128 --grid 1 --param n=1

__global__ void captured_param(float* out, unsigned n) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  auto f = [=] { s[(t + n) % 128] = 1.0f; };  // expected-race {{write 's[(t + n) % 128]' conflicts with write 's[t]'}}
  n = 0;
  s[t] = 2.0f;
  f();
  __syncthreads();
  out[t] = s[t];
}
