// Dynamic work distribution with the claim counter in shared memory: every thread claims
// rows with atomicAdd on a __shared__ counter (its only writes are those adds, so within a
// block the tickets are distinct: docs/model.md "Tickets").
// Bug: each block has its own shared counter, so the blocks hand out the same tickets and
// write the same rows of the global output (and the counter is never initialised).
// syncproof-args: --block 256 --grid 2:1024 --param nrows=1:1048576

__global__ void scale_rows_block_counter(const float* in, float* out, unsigned nrows) {
  __shared__ unsigned next;
  while (true) {
    unsigned r = atomicAdd(&next, 1u);
    if (r >= nrows) break;
    out[r] = 2.0f * in[r];  // expected-unknown {{data race on 'out' (global memory, between blocks)}}
  }
}
