// The program's own function that happens to be called `atomicAdd` (a plain, non-atomic
// read-modify-write): it is inlined like any other function, so the increments of the 64
// threads on one bin race. Before session 16 intrinsics were recognised by name wherever
// they were declared, this one was taken for the CUDA atomic, and the kernel was proved.
// syncproof-args: --block 64 --grid 1

namespace mine {
__device__ int atomicAdd(int* p, int v) {
  int old = *p;
  *p = old + v;  // expected-race {{write '*p' conflicts with write '*p'}}
  return old;  // expected-race@-1 {{write '*p' conflicts with read '*p'}}
}
}  // namespace mine

__global__ void count(int* out) {
  __shared__ int bin;
  if (threadIdx.x == 0) bin = 0;
  __syncthreads();
  mine::atomicAdd(&bin, 1);
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = bin;
}
