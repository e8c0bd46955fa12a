// A predicated inline-PTX store whose predicate is recombined after its setp:
// `setp.ne.u32 p, c, 0; setp.ne.u32 q, d, 0; or.pred p, p, q; @p st.shared.f32 ...`. The model
// evaluates setp but not or.pred, so the predicate the store runs under is not known.
// Not modelled: the predicated store is unknown (taking p as the first setp's value would drop
// the executions in which q alone enables the store, and with them the race of lanes 0 and 1
// on their warp's slot).
// syncproof-args: --block 64 --grid 1:65535

__global__ void slots(const float* in, float* out) {
  __shared__ float slot[2];
  unsigned t = threadIdx.x;
  float v = in[blockIdx.x * 64 + t];
  asm volatile(  // expected-unknown {{predicated instruction}}
      "{\n"
      ".reg .pred p, q;\n"
      "setp.ne.u32 p, %2, 0;\n"
      "setp.ne.u32 q, %3, 0;\n"
      "or.pred p, p, q;\n"
      "@p st.shared.f32 [%0], %1;\n"
      "}\n" ::"r"((unsigned)__cvta_generic_to_shared(&slot[t / 32])),
      "f"(v), "r"((unsigned)(t % 32 == 0)), "r"((unsigned)(t % 32 == 1))
      : "memory");
  __syncthreads();
  if (t == 0) out[blockIdx.x] = slot[0] + slot[1];
}
