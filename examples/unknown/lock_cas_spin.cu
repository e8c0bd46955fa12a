// A spin lock taken with atomicCAS around a critical section. Whether every thread gets the
// lock (no thread holds it forever) is the loop's end, which syncproof does not prove: the
// loop re-reads the lock word that other threads write, so it is reported, not taken to end
// (docs/model.md "Loops that poll memory"). The critical section's accesses are ordered by
// the lock only if the lock is modelled; they are atomics here, so no race is reported.
// syncproof-args: --block 128 --grid 1:64
__global__ void locked_sum(const float* in, float* total, int* lock) {
  unsigned t = threadIdx.x;
  float v = in[blockIdx.x * 128 + t];
  if (t == 0) {
    while (atomicCAS(lock, 0, 1) != 0) {  // expected-unknown {{a loop that re-reads 'lock'}}
    }
    atomicAdd(total, v);
    atomicExch(lock, 0);
  }
}
