// `__builtin_assume(t < 64)` in a block of 128 threads: the promise is false for threads
// 64..127 (undefined behaviour; the compiler may drop the code that distinguishes them), and
// taking it as given removed those threads and their write-write race on s[t % 64]. Before
// session 15 the kernel was proved. An assumption that thread indices alone decide is now
// checked, as signed overflow is.
// syncproof-args: --block 128 --grid 1:65535

__global__ void promised(float* out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  __builtin_assume(t < 64);  // expected-unknown {{the program's assumption '__builtin_assume(t < 64)' can be false}}
  s[t % 64] = 1.0f;
  out[blockIdx.x * 128 + t] = 0.0f;
}
