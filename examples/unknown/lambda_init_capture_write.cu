// A lambda init-capture with a side effect: creating the lambda writes s[t + 1], which races
// with thread t + 1's read of s[t + 1]. Init-captures were not evaluated before session 15
// (proved); one with side effects is now not modelled.
// syncproof-args: --block 128 --grid 1:65535

__global__ void init_capture(float* out, const float* in) {
  __shared__ float s[129];
  unsigned t = threadIdx.x;
  auto f = [z = (s[t + 1] = in[blockIdx.x * 128 + t])]() { return z; };  // expected-unknown {{init-capture 'z' has side effects}}
  out[blockIdx.x * 128 + t] = s[t] + f();
}
