// A helper takes the same local as `int&` and as `const int&`: the write through the first
// reference changes what the second one reads, so the store goes to the neighbour's slot.
// Before session 16 a const reference to an integer was bound to the value at the call (the
// store went to s[t], the thread's own slot) and the kernel was proved.
// syncproof-args: --block 64 --grid 1

__device__ void advance_then_store(unsigned& cursor, const unsigned& at, float* s) {
  cursor = (cursor + 1) % 64;
  s[at] = 1.0f;  // expected-race {{conflicts with write 's[threadIdx.x]'}}
}

__global__ void aliasing_refs(float* out) {
  __shared__ float s[64];
  unsigned i = threadIdx.x;
  s[threadIdx.x] = 0.0f;
  advance_then_store(i, i, s);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
