// gate_loop_ok.cu with a four-page ring, one gate barrier and the deadline a ring length past the
// gated instruction's last page. At pages 2n + 2 .. 2n + 4 the loader's test on page 2n + 1 can
// say "not yet" (the loader has waited only for pages up to 2n); at page 2n + 5 it first waits
// for page 2n + 1's slot, by when the consumers may have finished page 2n + 4 as well and arrived
// for gates n and n + 1. The wait for gate n (its parity) then sees the phase of gate n + 2 and
// blocks until the consumers arrive for it, which needs page 2n + 5: a hang.
// The concrete prover's run that waits earliest finishes; its run that waits latest finds the
// wait that can see its parity again (docs/concrete.md "Waits that only time") and gives up.
// The symbolic checks do not model mbarrier operations in loops: unknown.
// syncproof-args: --block 64 --grid 2
#include <cstdint>

__device__ __forceinline__ unsigned sa(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void bar_init(uint64_t* b, unsigned n) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(sa(b)), "r"(n) : "memory");
}
__device__ __forceinline__ void bar_arrive(uint64_t* b) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(sa(b)) : "memory");
}
__device__ __forceinline__ bool bar_try(uint64_t* b, unsigned parity) {
  unsigned ok;
  asm volatile("{\n.reg .pred P1;\nmbarrier.try_wait.parity.shared::cta.b64 P1, [%1], %2;\nselp.u32 %0, 1, 0, P1;\n}\n"
               : "=r"(ok) : "r"(sa(b)), "r"(parity) : "memory");
  return ok != 0;
}
__device__ __forceinline__ bool bar_test(uint64_t* b, unsigned parity) {
  unsigned ok;
  asm volatile("{\n.reg .pred P1;\nmbarrier.test_wait.parity.shared::cta.b64 P1, [%1], %2;\nselp.u32 %0, 1, 0, P1;\n}\n"  // expected-unknown {{not modelled: 'mbarrier.test_wait.parity}}
               : "=r"(ok) : "r"(sa(b)), "r"(parity) : "memory");
  return ok != 0;
}
__device__ __forceinline__ void bar_wait(uint64_t* b, unsigned parity) {
  while (!bar_try(b, parity)) {  // expected-unknown {{not modelled: 'mbarrier.try_wait.parity}}
  }
}

constexpr int PAGES = 12, SLOTS = 4, GATES = 1;

__global__ void gated_ring(const float* in, float* out) {
  __shared__ float page[SLOTS][32];
  __shared__ alignas(8) uint64_t full[SLOTS], empty[SLOTS], gate[GATES];
  const unsigned t = threadIdx.x;
  if (t == 0) {
    for (int s = 0; s < SLOTS; ++s) bar_init(&full[s], 1), bar_init(&empty[s], 32);
    for (int g = 0; g < GATES; ++g) bar_init(&gate[g], 1);
  }
  __syncthreads();
  if (t == 32) {  // the loader
    int gn = 0;   // the oldest instruction whose gate it has not passed
    for (int gp = 0; gp < PAGES; ++gp) {
      const int i = gp / 2, slot = gp % SLOTS;
      if (gp >= SLOTS) bar_wait(&empty[slot], (gp / SLOTS - 1) & 1);
      while (gn < i) {
        const int last = 2 * gn + 1;
        bool hold = gp >= last + SLOTS || bar_test(&empty[last % SLOTS], (last / SLOTS) & 1);
        if (!hold) break;
        bar_wait(&gate[gn % GATES], (gn / GATES) & 1);
        ++gn;
      }
      for (int k = 0; k < 32; ++k) page[slot][k] = in[(blockIdx.x * PAGES + gp) * 32 + k];  // expected-unknown {{possible data race on 'page'}}
      bar_arrive(&full[slot]);
    }
  } else if (t < 32) {  // the consumers
    float acc = 0.0f;
    for (int gp = 0; gp < PAGES; ++gp) {
      const int slot = gp % SLOTS;
      bar_wait(&full[slot], (gp / SLOTS) & 1);
      acc += page[slot][t];
      bar_arrive(&empty[slot]);
      if (gp % 2 == 1) {
        __syncwarp();
        if (t == 0) bar_arrive(&gate[(gp / 2) % GATES]);
      }
    }
    out[blockIdx.x * 32 + t] = acc;
  }
}

