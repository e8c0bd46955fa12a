// examples/unknown/cas_lock_never_released.cu on a __shared__ lock that thread 0 zeroes before
// a __syncthreads(): every thread of the block takes it, nobody releases it, and all but one
// thread spin for ever. The zeroing counted as an initialisation that leaves the loop alone,
// and the kernel was proved; the lock's CAS decides the loop whatever came before it.
// syncproof-args: --grid 1 --block 64
__global__ void k(int* out) {
  __shared__ int lock;
  if (threadIdx.x == 0) lock = 0;
  __syncthreads();
  while (atomicCAS(&lock, 0, 1) != 0) {  // expected-unknown {{a loop that re-reads 'lock', which other threads write}}
  }
  out[threadIdx.x] = 1;
}
