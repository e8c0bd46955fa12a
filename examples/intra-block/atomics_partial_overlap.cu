// BUG: 'state' packs a count (low half) and an epoch (high half) in one 64-bit word. Warp 0
// adds to the whole word with 64-bit atomics; thread 32 bumps the epoch with a 32-bit atomic
// on the high half. Atomics are atomic with respect to each other only when they access the
// same bytes (PTX memory model: morally strong operations overlap completely); these two
// overlap partially, so they are a data race (the epoch bump can be lost or torn).
// Found by the session-18 review; until session 19 the symbolic checks skipped every pair of
// atomics and proved it.
// syncproof-args: --block 64 --grid 1:65535
__global__ void k(unsigned long long* state) {
  unsigned t = threadIdx.x;
  if (t < 32) atomicAdd(&state[blockIdx.x], 1ull);
  else if (t == 32) atomicAdd(reinterpret_cast<unsigned*>(&state[blockIdx.x]) + 1, 1u);  // expected-race {{data race on 'state'}}
}
