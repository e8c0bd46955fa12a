// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --block 256 --grid 1:64 --param steps=0:1000
// corpus-expect: buggy race
// BUGGY: dst = buf[(s+2)&1] == src: thread t writes A[t] while thread t-1 reads A[t]
// in the same iteration: intra-block race.
__global__ void k(const float* in0, float* out, int steps) {
  __shared__ float A[256], B[256], C[256];
  int t = threadIdx.x;
  float* buf[2] = {A, B};
  A[t] = in0[blockIdx.x * 256 + t];
  __syncthreads();
  for (int s = 0; s < steps; ++s) {
    float* src = buf[s & 1];
    float* dst = buf[(s + 2) & 1];
    dst[t] = 0.5f * (src[t] + src[(t + 1) % 256]);
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = A[t] + B[t] + C[t];
}
