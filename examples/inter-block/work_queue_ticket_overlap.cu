// Dynamic work distribution as in work_queue_ticket_ok.cu, but each claimed row also
// smooths into its right neighbour's first element.
// Bug: out[(r + 1) * 64] is the first element of row r + 1, which another thread (of any
// block) may claim and write at the same time: tickets are distinct, rows are not disjoint.
// Two racing pairs of statements (the row's store against the neighbour's read-modify-write,
// and the neighbour's write against the row's store), reported within a block, where a
// counterexample is found first.
// syncproof-args: --block 256 --grid 1:1024 --param nrows=1:1048576

__global__ void smooth_rows(const float* in, float* out, unsigned* next, unsigned nrows) {
  while (true) {
    unsigned r = atomicAdd(next, 1u);
    if (r >= nrows) break;
    for (unsigned j = 0; j < 64; ++j)
      out[r * 64 + j] = in[r * 64 + j];  // expected-unknown {{data race on 'out' (global memory, within a block)}}
    if (r + 1 < nrows)
      out[(r + 1) * 64] += 0.5f * in[r * 64 + 63];  // expected-unknown {{data race on 'out' (global memory, within a block)}}
  }
}
