// Dynamic work distribution: every thread of the grid claims rows with atomicAdd on one
// global counter and scales the row it got, until the rows run out. Which thread gets which
// row depends on timing, but no two claims return the same ticket: every write to 'next' is
// an atomicAdd of 1, so the values it returns strictly increase (docs/model.md "Tickets").
// Correct: each row is written by exactly one thread. (Before session 11 the tickets were
// arbitrary values per thread and this was a false race between blocks.)
// syncproof-args: --block 256 --grid 1:1024 --param nrows=1:1048576
// expected-no-diagnostics

__global__ void scale_rows(const float* in, float* out, unsigned* next, unsigned nrows, float a) {
  while (true) {
    unsigned r = atomicAdd(next, 1u);
    if (r >= nrows) break;
    for (unsigned j = 0; j < 64; ++j)
      out[r * 64 + j] = a * in[r * 64 + j];
  }
}
