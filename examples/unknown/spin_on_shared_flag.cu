// A spin-wait on a shared-memory flag that another thread of the block sets. The waits
// syncproof checks for completion are those between blocks (a spin on global memory,
// docs/memory-model.md); one on shared memory stays a plain loop, whose end is not proved,
// and a loop that re-reads memory other threads write to decide whether to go on is
// reported as such (docs/model.md "Loops that poll memory"). This one never ends: thread 32
// sets the flag only after a __syncthreads() that thread 0, still spinning, never reaches.
// Until such waits are modelled, the verdict is unknown at the spin, not "proved" (as it was
// before session 12).
// syncproof-args: --block 64 --grid 1:65535
__global__ void wait_for_neighbour(float* out) {
  __shared__ volatile int flag;
  unsigned t = threadIdx.x;
  if (t == 0) flag = 0;
  __syncthreads();
  if (t == 0)
    while (flag == 0) {  // expected-unknown {{a loop that re-reads 'flag'}}
    }
  __syncthreads();
  if (t == 32) flag = 1;
  out[blockIdx.x * 64 + t] = 0.0f;
}
