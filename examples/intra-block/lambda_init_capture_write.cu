// A lambda init-capture with a side effect: creating the lambda writes s[t + 1], which races
// with thread t + 1's read of s[t + 1]. Init-captures were not evaluated before session 15
// (proved); session 15 made one with side effects unknown; since session 16 init-captures
// are variables initialized where the lambda is created, and the race is reported.
// syncproof-args: --block 128 --grid 1:65535

__global__ void init_capture(float* out, const float* in) {
  __shared__ float s[129];
  unsigned t = threadIdx.x;
  auto f = [z = (s[t + 1] = in[blockIdx.x * 128 + t])]() { return z; };  // expected-race {{write 's[t + 1]' conflicts with read 's[t]'}}
  out[blockIdx.x * 128 + t] = s[t] + f();
}
