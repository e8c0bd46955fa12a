// GNU `a ?: b` with a side effect in b: when in[t] == 0, thread t writes s[t + 1], a race with
// thread t + 1's read of s[t + 1]. Only `a` was evaluated before session 15 (proved); a right
// operand with side effects is now not modelled.
// syncproof-args: --block 128 --grid 1:65535

__global__ void elvis(int* out, const int* in) {
  __shared__ int s[129];
  unsigned t = threadIdx.x;
  int c = in[blockIdx.x * 128 + t];
  int r = c ?: (s[t + 1] = 5) + 0;  // expected-unknown {{right operand of GNU '?:' has side effects}}
  out[blockIdx.x * 128 + t] = s[t] + r;
}
