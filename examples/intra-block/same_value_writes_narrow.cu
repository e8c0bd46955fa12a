// Every thread stores (unsigned char)(threadIdx.x * 256), which is 0 in every thread, to one
// shared byte; and every thread's long long store and its int store to the same 8 bytes agree
// on the bytes they share. Writes of one value in the bytes where they overlap: possible
// races (unknown), not violations (docs/memory-model.md "Writes of one value").
// syncproof-args: --block 128 --grid 1
__global__ void k(int* out) {
  __shared__ unsigned char b[4];
  __shared__ long long w[2];
  b[0] = (unsigned char)(threadIdx.x * 256);  // expected-unknown {{possible data race on 'b'}}
  if (threadIdx.x == 0) w[0] = 1;
  if (threadIdx.x == 1) ((int*)w)[0] = 1;  // expected-unknown {{possible data race on 'w'}}
  __syncthreads();
  out[threadIdx.x] = b[0] + ((int*)w)[0];
}
