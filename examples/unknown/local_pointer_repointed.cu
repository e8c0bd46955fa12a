// A pointer to a local pointer: `*pp += 1` moves p to the next slot, so each thread writes
// s[t + 1] and then reads s[t], which its neighbour writes (a race). Before session 14 a write
// through a pointer to private memory was dropped, p kept pointing at s[t], and the kernel was
// proved; now a write through such a pointer, when a local pointer's address is taken, is not
// modelled.
// syncproof-args: --block 128 --grid 1

__global__ void shift(float* out, const float* in) {
  __shared__ float s[129];
  float* p = &s[threadIdx.x];
  float** pp = &p;
  *pp += 1;  // expected-unknown {{may re-point the local pointer 'p', whose address is taken}}
  *p = in[threadIdx.x];
  out[threadIdx.x] = s[threadIdx.x];
}
