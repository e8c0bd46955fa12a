// TRIAGE (unknown): syncproof answers unknown at the outer `for (k ...)` loop: "loop contains a
// barrier that is not executed on every iteration; not modelled", after about 3-4 minutes.
// The only barrier is in the inner `for (j = k >> 1; j > 0; j >>= 1)`, which runs at least once
// per outer iteration (2 <= k <= N, so k >> 1 >= 1); the check (passesBarrier) treats every
// test-first inner loop as possibly zero-trip. An inner do/while is accepted and proved (~60 s).
// Bitonic sort of 1024 keys per block in shared memory, in the classic textbook form with
// partner index ixj = tid ^ j: only the smaller index of each pair compares and swaps, so
// the pairs {tid, tid ^ j} of the active threads are disjoint; a barrier ends every step.
// syncproof-args: --block 1024 --grid 1:65535
// expected-no-diagnostics
#define N 1024

__device__ __forceinline__ void swap_keys(unsigned* s, unsigned a, unsigned b) {
  unsigned t = s[a];
  s[a] = s[b];
  s[b] = t;
}

__global__ void bitonic_sort_block(unsigned* keys) {
  __shared__ unsigned s[N];
  const unsigned tid = threadIdx.x;
  keys += blockIdx.x * N;
  s[tid] = keys[tid];
  __syncthreads();

  for (unsigned k = 2; k <= N; k <<= 1) {         // size of the bitonic sequences
    for (unsigned j = k >> 1; j > 0; j >>= 1) {   // compare distance
      unsigned ixj = tid ^ j;
      if (ixj > tid) {
        if ((tid & k) == 0) {
          if (s[tid] > s[ixj]) swap_keys(s, tid, ixj);   // ascending
        } else {
          if (s[tid] < s[ixj]) swap_keys(s, tid, ixj);   // descending
        }
      }
      __syncthreads();
    }
  }
  keys[tid] = s[tid];
}
