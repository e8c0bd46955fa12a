// An accessor that returns a reference into shared memory, written through: each thread stores
// into its neighbour's slot and then reads its own, with no barrier (a race). The call is the
// object its `return` names (docs/model.md "Lowering rules"), so the store through the
// returned reference is a write of s[(t + 1) % 128]. (The front end once dropped that store and
// proved the kernel; later it reported the place as not modelled.)
// syncproof-args: --block 128 --grid 1

__device__ float& at(float* base, unsigned i) { return base[i]; }

__global__ void shift(float* out, const float* in) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  at(s, (t + 1) % 128) = in[t];  // expected-race {{data race on 's'}}
  out[t] = s[t];
}
