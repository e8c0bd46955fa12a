// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --block 256 --grid 1:64 --param steps=0:1000
// corpus-expect: correct
// CORRECT: buf = {A, B, C}, src = buf[s%3], dst = buf[(s+1)%3]: always distinct buffers;
// one barrier per iteration orders write(s) before read(s+1) and read(s) before write(s+2).
__global__ void k(const float* in0, float* out, int steps) {
  __shared__ float A[256], B[256], C[256];
  int t = threadIdx.x;
  float* buf[3] = {A, B, C};
  A[t] = in0[blockIdx.x * 256 + t];
  __syncthreads();
  for (int s = 0; s < steps; ++s) {
    float* src = buf[s % 3];
    float* dst = buf[(s + 1) % 3];
    dst[t] = 0.5f * (src[t] + src[(t + 1) % 256]);
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = A[t] + B[t] + C[t];
}
