// Dynamic work distribution as in work_queue_ticket_ok.cu, with the claims made by
// atomicAdd_block ("the counter is only contended within a block").
// Bug: the counter is shared by every block, and a block-scoped atomic is atomic only with
// respect to the threads of its own block: claims of two blocks can read the same count
// (a race on the counter itself) and so hand out the same ticket (a race on the rows).
// syncproof-args: --block 256 --grid 2:1024 --param nrows=1:1048576

__global__ void scale_rows_block_atomic(const float* in, float* out, unsigned* next, unsigned nrows) {
  while (true) {
    unsigned r = atomicAdd_block(next, 1u);  // expected-race {{data race on 'next' (global memory, between blocks)}}
    if (r >= nrows) break;
    out[r] = 2.0f * in[r];  // expected-unknown {{data race on 'out' (global memory, between blocks)}}
  }
}
