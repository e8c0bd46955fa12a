// __ldg of a shared-memory address: ld.global.nc on an address that is not global is
// undefined (nvcc converts the generic address to a shared one and then loads it as global).
// syncproof-args: --block 64 --grid 1
__global__ void k(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = __ldg(&s[threadIdx.x ^ 1]);  // expected-unknown {{__ldg (ld.global.nc) of 's', which is not global memory}}
}
