// ptx_predicated_store_ok.cu with the wrong predicate: the warp's slot is stored by the lanes
// for which `lane < 2` holds, i.e. by lanes 0 and 1 of every warp (the predicated
// `@q st.shared.f32` runs in both).
// Bug: a write/write race on slot[warp] (reported at the store inside the helper); which value
// survives is up to the hardware, and lane 1 holds only a partial sum.
// syncproof-args: --block 256 --grid 1:65535

__device__ __forceinline__ void st_shared_if(float* p, float v, bool c) {
  asm volatile(  // expected-race {{data race on 'slot'}}
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
  st_shared_if(&slot[warp], v, lane < 2);
  __syncthreads();
  if (t == 0) {
    float s = 0.0f;
    for (int w = 0; w < 8; w++) s += slot[w];
    out[blockIdx.x] = s;
  }
}
