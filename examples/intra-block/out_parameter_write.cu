// A helper that writes its result through an out-parameter: zero(&i) sets the index to 0, so
// every thread writes s[0] (a race, also with the reads after the barrier), and parity(&c) makes the barrier conditional on the
// thread's parity (divergence). Before session 14 a write through a pointer to a local was
// dropped (i and c kept their values) and the kernel was proved; now it makes every local
// whose address was taken an arbitrary value.
// syncproof-args: --block 128 --grid 1

__device__ void zero(unsigned* p) { *p = 0; }
__device__ void parity(int* c) { *c = threadIdx.x & 1; }

__global__ void scatter(float* out, const float* in) {
  __shared__ float s[128];
  unsigned i = threadIdx.x;
  zero(&i);
  s[i] = in[threadIdx.x];  // expected-race {{write 's[i]' conflicts with write 's[i]'}}
  // expected-unknown@-1 {{'s[i]' may lie outside 's' (512 bytes)}}
  int c = 0;  // expected-race@-2 {{write 's[i]' conflicts with read 's[threadIdx.x]'}}
  parity(&c);
  if (c) __syncthreads();  // expected-divergence {{'__syncthreads' is reached by some threads}}
  out[threadIdx.x] = s[threadIdx.x];
}
