// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --block 256 --grid 1:64 --param steps=0:1000
// corpus-expect: correct
// CORRECT: ping-pong double buffer through a local pointer array {A,B}; iteration s reads
// buf[s&1] and writes buf[(s+1)&1]; one barrier per iteration separates each write from
// the next iteration's reads, and each read from the write two iterations later.
// (final read of A,B,C after last barrier; C never written -> uninitialized but no race)
__global__ void k(const float* in0, float* out, int steps) {
  __shared__ float A[256], B[256], C[256];
  int t = threadIdx.x;
  float* buf[2] = {A, B};
  A[t] = in0[blockIdx.x * 256 + t];
  __syncthreads();
  for (int s = 0; s < steps; ++s) {
    float* src = buf[s & 1];
    float* dst = buf[(s + 1) & 1];
    dst[t] = 0.5f * (src[t] + src[(t + 1) % 256]);
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = A[t] + B[t] + C[t];
}
