// Dynamic work distribution as in work_queue_ticket_ok.cu, with the ticket kept in a
// 16-bit variable ("there are never more than 65536 rows").
// Bug: the counter keeps counting past the rows that are left (every thread's last, failing
// claim increments it too), so it can pass 65,536 and a truncated ticket comes round again to
// a row another thread is writing (already within one block: rows near 65,536, 256 claims).
// syncproof-args: --block 256 --grid 1:1024 --param nrows=1:65536

__global__ void scale_rows16(const float* in, float* out, unsigned* next, unsigned nrows) {
  while (true) {
    unsigned short r = atomicAdd(next, 1u);
    if (r >= nrows) break;
    for (unsigned j = 0; j < 64; ++j)
      out[r * 64 + j] = 2.0f * in[r * 64 + j];  // expected-unknown {{data race on 'out' (global memory, within a block)}}
  }
}
