// An RAII guard whose destructor calls __syncthreads(), declared only in threads t < 64: the
// barrier runs at the end of the `if` block for half of the block (barrier divergence).
// Destructors are not modelled: before session 15 they were dropped silently and the kernel
// was proved; now the declaration is reported as not modelled.
// syncproof-args: --block 128 --grid 1:65535

struct Guard {
  __device__ ~Guard() { __syncthreads(); }
};

__global__ void guarded(float* out, const float* in) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 128 + t];
  if (t < 64) {
    Guard g;  // expected-unknown {{the destructor of 'g' (Guard) runs when it goes out of scope}}
    out[blockIdx.x * 128 + t] = 1.0f;
  }
  out[blockIdx.x * 128 + t] = s[t];
}
