// A lambda that captures the index by copy before the index moves on to the neighbour's slot:
// the call writes the thread's own slot (the captured value), so nothing races. Before session
// 16 by-copy captures were read like references, and this kernel got a false race.
// syncproof-args: --block 128 --grid 1
// expected-no-diagnostics

__global__ void own_slot(float* out) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  unsigned j = t;
  auto mark = [=] { s[j] = 1.0f; };
  j = (t + 1) % 128;
  s[t] = 2.0f;
  mark();
  __syncthreads();
  out[t] = s[j];
}
