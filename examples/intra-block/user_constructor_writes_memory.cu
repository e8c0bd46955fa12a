// A user-written constructor of a class of floats that also writes global memory through its
// pointer argument: inlined, its write is an access like any other. Every thread of a block
// writes log[blockIdx.x] its own thread index, unordered: a race.
// syncproof-args: --block 128 --grid 1:64
struct Acc {
  float sum;
  __device__ Acc(int* log) : sum(0.f) { log[blockIdx.x] = threadIdx.x; }  // expected-race {{data race on 'log'}}
};

__global__ void k(float* out, int* log, const float* in) {
  Acc a(log);
  a.sum += in[blockIdx.x * blockDim.x + threadIdx.x];
  out[blockIdx.x * blockDim.x + threadIdx.x] = a.sum;
}
