// BUG: the global counter (0 at launch) is first set to 1 by a plain store of thread 0
// (meant to be 0), then each of the 64 threads adds 1 after __threadfence() and thread 0 spins
// until the count reaches 64. The count ends at 65, so thread 0 can leave the spin after only
// 63 adds (its own + 62 others) and read the buf[] entry of the one thread whose
// store/fence/add has not happened yet: a race on buf[i].
// The concrete prover starts the counter at 0 when the first atomic touches it and never sees
// the earlier plain store (the cell becomes a 'counter' only at the first atomic; await() checks
// cl.w only when the cell was not yet flagged).
// Found by the session-18 review of the concrete prover (docs/concrete.md), which gives up
// on it; the expected findings are the symbolic checker's.
// syncproof-args: --block 64 --grid 1
__global__ void k(const float* in, float* buf, unsigned* cnt, float* out) {
  unsigned t = threadIdx.x;
  if (t == 0) *cnt = 1;
  __syncthreads();
  buf[t] = in[t];
  __threadfence();
  atomicAdd(cnt, 1u);
  if (t == 0) {
    while (*(volatile unsigned*)cnt < 64u) {}
    __threadfence();
    float s = 0.0f;
    for (int i = 0; i < 64; i++) s += buf[i];
    out[0] = s;
  }
}
// expected-unknown@-11 {{possible data race on 'buf' (global memory, within a}}
// expected-unknown@-8 {{cannot prove that the wait on '*(volatile unsigned*)cnt'}}
