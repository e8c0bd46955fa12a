// An aggregate with a reference member bound to shared memory: r.x = 1 writes s[t + 1], a race
// with thread t + 1's read of s[t + 1]. Before session 15 the binding was taken for a read and
// the write through the member was dropped (proved); a local of a class with reference members
// is now not modelled.
// syncproof-args: --block 128 --grid 1:65535

struct R {
  float& x;
};

__global__ void ref_member(float* out) {
  __shared__ float s[129];
  unsigned t = threadIdx.x;
  R r{s[t + 1]};  // expected-unknown {{'r' is of a class with reference members}}
  r.x = 1.0f;
  out[blockIdx.x * 128 + t] = s[t];
}
