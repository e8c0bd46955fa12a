// staged_plan_ok.cu, but the branch the staged plan selects in block 0 (job.n == 1) shifts s[]
// by one with no barrier between the read of s[t] and the neighbour's write of s[t]: a race.
// The concrete prover follows the staged values to the racy branch and gives up there; the
// symbolic checks find it too, as a possible race (the plan word is loaded), reported as the run's.
// syncproof-args: --block 64 --grid 2
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
    if (j.n == 1) s[(t + 1) % 64] = s[t];  // expected-race {{data race on 's' (shared memory, within a block)}}
    __syncthreads();
  }
}
