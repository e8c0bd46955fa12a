// A default member initializer with a side effect: W's implicit constructor writes
// gs[t + 1], which races with thread t + 1's read of gs[t + 1]. Implicit constructors were
// dropped before session 15 (proved), then not modelled (unknown); W is now held field by
// field and its implicit constructor runs the initializer, write included: the race.
// syncproof-args: --block 128 --grid 1:65535

__shared__ float gs[129];
struct W {
  int z = (gs[threadIdx.x + 1] = 1.0f, 0);  // expected-race {{conflicts with read 'gs[t]'}}
};

__global__ void nsdmi(float* out) {
  unsigned t = threadIdx.x;
  W w;
  out[blockIdx.x * 128 + t] = gs[t] + w.z;
}
