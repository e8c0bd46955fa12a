// Twin of ref_bound_element_race.cu: the reference is bound to the thread's own slot, then
// the index moves to the neighbour's. The reference still names the own slot, so the read
// before the barrier reads what this thread wrote (before session 20 the read went to the
// neighbour's slot and a race was reported that cannot happen).
// syncproof-args: --block 64 --grid 1
// expected-no-diagnostics

__global__ void own_ref(float* out) {
  __shared__ float s[64];
  unsigned at = threadIdx.x;
  s[threadIdx.x] = (float)threadIdx.x;
  const float& mine = s[at];
  at = (threadIdx.x + 1) % 64;
  out[threadIdx.x] = mine;
  __syncthreads();
  out[64 + threadIdx.x] = s[at];
}
