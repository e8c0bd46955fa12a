// A reference names the element its initializer selects when it is bound: `nb` stays the
// neighbour's slot after `at` moves to the thread's own. Reading it before the barrier races
// with the neighbour's store. Before session 20 a reference re-evaluated its initializer's
// address at each use (`s[at]` with the new `at`: the thread's own slot) and the kernel was
// proved; the megakernel's `const Instr& gi = s.ins[g_scan]; ++g_scan; gi.signal_ctr` read the
// next instruction's word the same way.
// syncproof-args: --block 64 --grid 1

__global__ void neighbour_ref(float* out) {
  __shared__ float s[64];
  unsigned at = (threadIdx.x + 1) % 64;
  s[threadIdx.x] = (float)threadIdx.x;  // expected-race {{conflicts with read 's[at]'}}
  const float& nb = s[at];
  at = threadIdx.x;
  out[threadIdx.x] = nb;
  __syncthreads();
  out[64 + threadIdx.x] = s[at];
}
