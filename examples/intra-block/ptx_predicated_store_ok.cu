// Per-warp partial sums stored with one predicated inline-PTX store: each lane computes its
// value, and `@q st.shared.f32` (q = lane == 0, from setp) lets only lane 0 of every warp write
// the warp's slot; after __syncthreads() thread 0 adds the 8 slots.
// Correct: one writer per slot (the predicate), and the barrier orders the slots before the
// reads. The store address is a 32-bit shared-window address from __cvta_generic_to_shared.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__device__ __forceinline__ void st_shared_if(float* p, float v, bool c) {
  asm volatile(
      "{\n"
      ".reg .pred q;\n"
      "setp.ne.u32 q, %2, 0;\n"
      "@q st.shared.f32 [%0], %1;\n"
      "}\n" ::"r"((unsigned)__cvta_generic_to_shared(p)),
      "f"(v), "r"((unsigned)c)
      : "memory");
}

__global__ void warp_sums(const float* in, float* out) {
  __shared__ float slot[8];
  unsigned t = threadIdx.x, warp = t / 32, lane = t % 32;
  float v = in[blockIdx.x * 256 + t];
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
  st_shared_if(&slot[warp], v, lane == 0);
  __syncthreads();
  if (t == 0) {
    float s = 0.0f;
    for (int w = 0; w < 8; w++) s += slot[w];
    out[blockIdx.x] = s;
  }
}
