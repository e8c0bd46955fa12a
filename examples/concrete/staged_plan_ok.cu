// Values staged in shared memory decide the control flow: thread 0 copies block b's plan from a
// __constant__ table into shared 'trips' and 'job', __syncthreads(), and every thread reads them
// back (job as one struct copy, field by field). Block 0 runs 3 iterations and thread 0 stores
// s[63] to out[0 * 64 + 5]; block 1 runs 2 iterations and stores nothing (job.n == 0). A
// branch that would race (job.n == 7) is never taken.
// Correct. The symbolic checks read 'trips' and 'job' as arbitrary values (one per block), so
// two blocks could pick the same out[] element: they report a race that cannot happen. The
// concrete prover (docs/concrete.md "Values through memory") runs the fixed launch: each read
// is ordered after its one write by the barrier, so it sees the constant that write stored, and
// every execution takes the same branches. Proved since session 18.
// syncproof-args: --block 64 --grid 2
// expected-no-diagnostics
__constant__ int plan[2][4] = {{3, 1, 5, 2}, {2, 0, 7, 0}};
struct Job { int n, dst; };
__global__ void k(float* out) {
  __shared__ int trips;
  __shared__ Job job;
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  if (t == 0) {
    trips = plan[blockIdx.x][0];
    job.n = plan[blockIdx.x][1];
    job.dst = plan[blockIdx.x][2];
  }
  __syncthreads();
  const Job j = job;
  for (int i = 0; i < trips; ++i) {
    s[t] = i;
    __syncthreads();
    if (j.n == 1 && t == 0) out[blockIdx.x * 64 + j.dst] = s[63];
    if (j.n == 7) s[(t + 1) % 64] = s[t];
    __syncthreads();
  }
}
