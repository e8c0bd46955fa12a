// Two grid barriers on one monotone counter, cooperative launch: barrier 1 waits for
// arrived == gridDim.x, barrier 2 for arrived == 2 * gridDim.x.
// Bug: the first wait tests `==`. A fast block leaves barrier 1 and adds its barrier-2
// arrival (count gridDim.x + 1) before a slow block has re-read the counter; the slow block
// never sees exactly gridDim.x again and spins forever (the target is overshot, so for that
// block it is never reached). The second wait cannot be overshot: no increments follow it.
// syncproof-args: --block 256 --grid 1:1024 --cooperative

__global__ void two_phase(float* x, float* partial, float* scaled, unsigned* arrived) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  if (t == 0) {
    partial[b] = x[b * 256];
    __threadfence();
    atomicAdd(arrived, 1u);
    while (*(volatile unsigned*)arrived != gridDim.x) {}  // expected-deadlock {{never reach}}
    __threadfence();
  }
  __syncthreads();
  float total = 0.0f;
  for (unsigned i = 0; i < gridDim.x; i++)
    total += partial[i];
  if (t == 0) {
    scaled[b] = partial[b] / total;
    __threadfence();
    atomicAdd(arrived, 1u);
    while (*(volatile unsigned*)arrived != 2 * gridDim.x) {}
    __threadfence();
  }
  __syncthreads();
  float m = 0.0f;
  for (unsigned i = 0; i < gridDim.x; i++)
    m = fmaxf(m, scaled[i]);
  x[b * 256 + t] *= m;
}
