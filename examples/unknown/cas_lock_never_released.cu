// A spin lock taken with atomicCAS(lock, 0, 1) and never released: the first block to take it
// goes on, every other block spins for ever. The loop decides on the CAS's result alone, and
// the CAS changes the location: it goes on only until another thread's write comes (a release,
// which is missing here). syncproof took the loop, whose only writer is the loop's own CAS, for
// one that ends, and reported only the possible races on the counter; the loop is now a poll
// whose end is not checked. (A black-box review's atomicMax(flag, 0) spin was the same hole.)
// syncproof-args: --grid 2:64 --block 1
__global__ void take(int* lock, int* counter) {
  while (atomicCAS(lock, 0, 1) != 0) {  // expected-unknown {{a loop that re-reads 'lock', which other threads write}}
  }
  __threadfence();
  counter[0] += 1;  // expected-unknown {{possible data race on 'counter' (global memory, between blocks)}} expected-unknown {{possible data race on 'counter' (global memory, between blocks)}}
}
