// Thread 0 stores the int 1 into s[0]; thread 1 stores __int_as_float(1), the same four bytes,
// through a float pointer; unordered. The front end takes the bits a constant reinterpreted
// with __int_as_float stores: one value, a possible race (unknown), not a violation
// (docs/memory-model.md "Writes of one value"). A float 1.0f there (0x3f800000) would be a race.
// syncproof-args: --block 128 --grid 1
__global__ void k(int* out) {
  __shared__ int s[2];
  if (threadIdx.x == 0) s[0] = 1;
  if (threadIdx.x == 1) ((float*)s)[0] = __int_as_float(1);  // expected-unknown {{possible data race on 's'}}
  __syncthreads();
  out[threadIdx.x] = s[0];
}
