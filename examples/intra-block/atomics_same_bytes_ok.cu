// The correct twin of atomics_partial_overlap.cu: count and epoch in separate 32-bit words,
// each updated only by atomics of its own size and address. Atomics that access the same bytes
// do not race. Proved.
// syncproof-args: --block 64 --grid 1:65535
// expected-no-diagnostics
__global__ void k(unsigned* state) {
  unsigned t = threadIdx.x;
  if (t < 32) atomicAdd(&state[2 * blockIdx.x], 1u);
  else if (t == 32) atomicAdd(&state[2 * blockIdx.x + 1], 1u);
  if (t == 40) atomicAdd(&state[2 * blockIdx.x + 1], 2u);
}
