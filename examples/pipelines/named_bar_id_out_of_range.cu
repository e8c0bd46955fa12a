// A named barrier with id 16. PTX ISA (bar, barrier): a block has 16 barriers, ids 0-15; 16 is
// out of range. Found by the session-18 review (the symbolic checks proved it; the concrete
// prover gave up on it).
// syncproof-args: --block 64 --grid 1:65535
__global__ void k(const float* in, float* out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  asm volatile("bar.sync 16, 64;" ::: "memory");  // expected-barrier-mismatch {{barrier id 16 is out of range}}
  out[blockIdx.x * 64 + t] = s[63 - t];
}
