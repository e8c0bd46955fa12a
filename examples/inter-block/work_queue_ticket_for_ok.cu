// Dynamic work distribution as in work_queue_ticket_ok.cu, written as the usual for loop:
// the ticket for the next iteration is claimed in the loop's step, so the row an iteration
// works on is carried in the loop variable from the claim before it (docs/model.md
// "Tickets": a loop variable that only ever receives ticket values holds one at every
// iteration's head).
// syncproof-args: --block 256 --grid 1:1024 --param nrows=1:1048576
// expected-no-diagnostics

__global__ void scale_rows_for(const float* in, float* out, unsigned* next, unsigned nrows, float a) {
  for (unsigned r = atomicAdd(next, 1u); r < nrows; r = atomicAdd(next, 1u))
    for (unsigned j = 0; j < 64; ++j)
      out[r * 64 + j] = a * in[r * 64 + j];
}
