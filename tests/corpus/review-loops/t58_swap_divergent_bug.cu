// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --block 256 --grid 1:64 --param steps=0:1000
// corpus-expect: buggy deadlock
// BUGGY: only thread 0 swaps its (thread-local) array each iteration, the others never
// swap. At s=1 thread 0 writes A[0] while thread 255 reads A[0] ((255+1)%256) in the same
// iteration: race.
__global__ void k(const float* in0, float* out, int steps) {
  __shared__ float A[256], B[256], C[256];
  int t = threadIdx.x;
  float* buf[2] = {A, B};
  A[t] = in0[blockIdx.x * 256 + t];
  __syncthreads();
  for (int s = 0; s < steps; ++s) {
    float* src = buf[0];
    float* dst = buf[1];
    dst[t] = 0.5f * (src[t] + src[(t + 1) % 256]);
    if (t == 0) { float* tmp = buf[0]; buf[0] = buf[1]; buf[1] = tmp; }
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = A[t] + B[t] + C[t];
}
