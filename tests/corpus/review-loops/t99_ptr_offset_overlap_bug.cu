// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --block 256 --grid 1:64 --param steps=0:1000
// corpus-expect: buggy race
// BUGGY: both entries of the pointer array point into the SAME shared array with an offset
// of 128 floats: buf = {S, S + 128}. At s=0, src = S, dst = S+128: thread 0 writes S[128]
// while thread 127 reads src[128] = S[128] in the same iteration: intra-block race.
__global__ void k(const float* in0, float* out, int steps) {
  __shared__ float S[512];
  int t = threadIdx.x;
  float* buf[2] = {S, S + 128};
  S[t] = in0[blockIdx.x * 256 + t];
  S[t + 256] = 0.f;
  __syncthreads();
  for (int s = 0; s < steps; ++s) {
    float* src = buf[s & 1];
    float* dst = buf[(s + 1) & 1];
    dst[t] = 0.5f * (src[t] + src[t + 1]);
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = S[t];
}
