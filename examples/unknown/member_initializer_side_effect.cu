// A default member initializer with a side effect: W's implicit constructor writes
// gs[t + 1], which races with thread t + 1's read of gs[t + 1]. Implicit constructors were
// dropped before session 15 (proved); one that runs initializers or constructors with
// effects is now not modelled.
// syncproof-args: --block 128 --grid 1:65535

__shared__ float gs[129];
struct W {
  int z = (gs[threadIdx.x + 1] = 1.0f, 0);
};

__global__ void nsdmi(float* out) {
  unsigned t = threadIdx.x;
  W w;  // expected-unknown {{the implicit constructor of 'W'}}
  out[blockIdx.x * 128 + t] = gs[t] + w.z;
}
