// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --block 256 --grid 1:64 --param steps=0:1000
// corpus-expect: correct
// CORRECT: same as t57 but with a swap via a helper lambda-free idiom (std::swap-like
// template written locally to avoid headers). Uniform across threads.
template <class T> __device__ void myswap(T& a, T& b) { T c = a; a = b; b = c; }
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
    myswap(buf[0], buf[1]);
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = A[t] + B[t] + C[t];
}
