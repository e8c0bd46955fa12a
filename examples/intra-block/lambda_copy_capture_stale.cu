// A lambda that captures the index by copy, called after the index changed: the call writes
// the slot of the captured value (the neighbour's), not the current one, and races with the
// neighbour's own write. Before session 16 by-copy captures were read like references (the
// call wrote s[t], its own slot) and the kernel was proved.
// syncproof-args: --block 128 --grid 1

__global__ void stale_copy(float* out) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  unsigned j = (t + 1) % 128;
  auto mark = [=] { s[j] = 1.0f; };  // expected-race {{write 's[j]' conflicts with write 's[t]'}}
  j = t;
  s[t] = 2.0f;
  mark();
  __syncthreads();
  out[t] = s[t];
}
