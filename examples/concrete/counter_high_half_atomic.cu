// BUG: a 64-bit state word packs a count (low half) and an epoch (high half). Producers add 1
// to the whole 64-bit word after their fenced data store; thread 32 bumps the epoch with a
// 32-bit atomicAdd on the high half. Thread 0 spins until the 64-bit value is >= 32, meaning
// "32 producers done" - but as soon as the epoch bump lands the value is >= 2^32, so thread 0
// can leave at once and read buf[] before the producers wrote it (race).
// The concrete prover keys counters by (segment, exact offset): the 32-bit add at offset 4 is
// a separate counter, the 64-bit counter at offset 0 sees only the 64-bit adds; the two
// atomics are 'morally strong' per 4-byte word (sizes not compared), so no race either.
// Found by the session-18 review of the concrete prover (docs/concrete.md), which gives up
// on it; the expected findings are the symbolic checker's. Since session 19 they include the
// partial overlaps themselves (the 32-bit add against the 64-bit add and the 64-bit read:
// strong accesses are morally strong only when they cover the same bytes).
// syncproof-args: --block 64 --grid 1
__global__ void k(const float* in, float* buf, unsigned long long* state, float* out) {
  unsigned t = threadIdx.x;
  if (t >= 32) {
    buf[t - 32] = in[t];
    __threadfence();
    atomicAdd(state, 1ull);
    if (t == 32) atomicAdd(reinterpret_cast<unsigned*>(state) + 1, 1u);
    // expected-unknown@-1 {{possible data race on 'state' (global memory, within a block): atomic 'reinterpret_cast<unsigned*>(state) + 1' conflicts with atomic 'state'}}
    // expected-unknown@-2 {{possible data race on 'state' (global memory, within a block): atomic 'reinterpret_cast<unsigned*>(state) + 1' conflicts with read}}
  } else if (t == 0) {
    while (*(volatile unsigned long long*)state < 32ull) {}
    __threadfence();
    float s = 0.0f;
    for (int i = 0; i < 32; i++) s += buf[i];
    out[0] = s;
  }
}
// expected-unknown@-14 {{possible data race on 'buf' (global memory, within a}}
// expected-unknown@-8 {{cannot prove that the wait on '*(volatile unsigned long}}
