// A temporary whose destructor writes the neighbour's slot of 's': destroyed at the end of the
// full-expression, it writes s[t + 1] while thread t + 1 reads s[t + 1] (a race). The
// destructor of a temporary was dropped before session 15 (proved); now it is not modelled.
// syncproof-args: --block 128 --grid 1:65535

struct Writer {
  float* p;
  __device__ ~Writer() { p[threadIdx.x + 1] = 1.0f; }
};

__global__ void temp_dtor(float* out, const float* in) {
  __shared__ float s[129];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 128 + t];
  (void)Writer{s};  // expected-unknown {{the destructor of a temporary 'Writer'}}
  out[blockIdx.x * 128 + t] = s[t];
}
