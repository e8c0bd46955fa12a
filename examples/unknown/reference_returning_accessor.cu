// An accessor that returns a reference into shared memory, written through: each thread stores
// into its neighbour's slot and then reads its own, with no barrier (a race). The frontend
// evaluates a call as a value, not as a place: before session 14 the store through the
// returned reference was dropped without a word and the kernel was proved; now it is a
// construct that is not modelled.
// syncproof-args: --block 128 --grid 1

__device__ float& at(float* base, unsigned i) { return base[i]; }

__global__ void shift(float* out, const float* in) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  at(s, (t + 1) % 128) = in[t];  // expected-unknown {{assignment to 'at(s, (t + 1) % 128)', an lvalue that is not modelled}}
  out[t] = s[t];
}
