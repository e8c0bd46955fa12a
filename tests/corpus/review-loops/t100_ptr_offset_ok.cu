// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --block 256 --grid 1:64 --param steps=0:1000
// corpus-expect: correct
// CORRECT: pointer array into one shared array with disjoint halves: buf = {S, S + 256}
// (each half 256 floats, read range src[t], src[(t+1)%256] stays within the half).
// Ping-pong with one barrier per iteration.
__global__ void k(const float* in0, float* out, int steps) {
  __shared__ float S[512];
  int t = threadIdx.x;
  float* buf[2] = {S, S + 256};
  S[t] = in0[blockIdx.x * 256 + t];
  __syncthreads();
  for (int s = 0; s < steps; ++s) {
    float* src = buf[s & 1];
    float* dst = buf[(s + 1) & 1];
    dst[t] = 0.5f * (src[t] + src[(t + 1) % 256]);
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = S[t];
}
