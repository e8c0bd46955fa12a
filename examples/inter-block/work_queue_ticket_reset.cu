// Dynamic work distribution as in work_queue_ticket_ok.cu, with the counter "initialised"
// by the kernel itself: thread 0 of block 0 stores 0 into it first.
// Bug: nothing orders that store before the other threads' claims. A thread that claimed
// row 0 before the reset and the thread that claims again after it both get ticket 0, and
// both write row 0. The plain store itself races with the atomics. (With the store, 'next'
// is no longer a ticket counter: docs/model.md "Tickets".)
// syncproof-args: --block 256 --grid 1:1024 --param nrows=1:1048576

__global__ void scale_rows_reset(const float* in, float* out, unsigned* next, unsigned nrows) {
  if (blockIdx.x == 0 && threadIdx.x == 0)
    *next = 0;
  while (true) {
    unsigned r = atomicAdd(next, 1u);  // expected-race {{data race on 'next' (global memory, within a block)}}
    if (r >= nrows) break;
    for (unsigned j = 0; j < 64; ++j)
      out[r * 64 + j] = 2.0f * in[r * 64 + j];  // expected-unknown {{data race on 'out' (global memory, within a block)}}
  }
}
