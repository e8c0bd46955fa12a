// A local struct with a unary operator and a call operator, and one copied into shared memory
// by its trivial assignment. The front end reads the operators' uses of the local (one
// argument, not two) without looking for an assignment's source there; thread 0 alone stores
// the struct, so there is no race.
// syncproof-args: --block 64 --grid 1
struct Ctr {
  int v;
  int w;
  __device__ Ctr& operator++() { ++v; return *this; }
  __device__ int operator()() const { return v + w; }
};
__global__ void k(int* out) {
  // expected-no-diagnostics
  __shared__ Ctr s;
  Ctr c{1, 2};
  ++c;
  int x = c();
  if (threadIdx.x == 0) s = c;
  __syncthreads();
  out[threadIdx.x] = s.v + x;
}
