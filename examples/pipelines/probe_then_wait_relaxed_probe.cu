// probe_then_wait_ok.cu with the consumers' probe `.relaxed`: `if (!test_wait.relaxed(full, ph))
// wait(full, ph)`. Buggy: a relaxed probe that passes acquires nothing, so when it passes the read
// of the page is not ordered after the producer's stores (PTX ISA: mbarrier.test_wait .relaxed has
// no memory ordering). The concrete prover does not let a relaxed probe stand for the wait.
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
  asm volatile("{\n.reg .pred P1;\nmbarrier.test_wait.parity.shared::cta.b64 P1, [%1], %2;\nselp.u32 %0, 1, 0, P1;\n}\n"  // expected-unknown {{not modelled: 'mbarrier.test_wait.parity.shared::cta.b64}}
               : "=r"(ok) : "r"(sa(b)), "r"(parity) : "memory");
  return ok != 0;
}
__device__ __forceinline__ bool bar_test_relaxed(uint64_t* b, unsigned parity) {
  unsigned ok;
  asm volatile("{\n.reg .pred P1;\nmbarrier.test_wait.parity.relaxed.cta.shared::cta.b64 P1, [%1], %2;\nselp.u32 %0, 1, 0, P1;\n}\n"  // expected-unknown {{not modelled: 'mbarrier.test_wait.parity.relaxed}}
               : "=r"(ok) : "r"(sa(b)), "r"(parity) : "memory");
  return ok != 0;
}
__device__ __forceinline__ void bar_wait(uint64_t* b, unsigned parity) {
  while (!bar_try(b, parity)) {
  }
}

constexpr int PAGES = 8, SLOTS = 2;

__global__ void probe_then_wait(const float* in, float* out) {
  __shared__ float page[SLOTS][32];
  __shared__ alignas(8) uint64_t full[SLOTS], empty[SLOTS];
  const unsigned t = threadIdx.x;
  if (t == 0) {
    for (int s = 0; s < SLOTS; ++s) bar_init(&full[s], 1), bar_init(&empty[s], 32);
  }
  __syncthreads();
  if (t == 32) {  // the producer
    for (int gp = 0; gp < PAGES; ++gp) {
      const int slot = gp % SLOTS;
      if (gp >= SLOTS && !bar_test(&empty[slot], (gp / SLOTS - 1) & 1)) bar_wait(&empty[slot], (gp / SLOTS - 1) & 1);
      for (int k = 0; k < 32; ++k) page[slot][k] = in[(blockIdx.x * PAGES + gp) * 32 + k];  // expected-unknown {{possible data race on 'page'}}
      bar_arrive(&full[slot]);
    }
  } else if (t < 32) {  // the consumers
    float acc = 0.0f;
    for (int gp = 0; gp < PAGES; ++gp) {
      const int slot = gp % SLOTS;
      const unsigned ph = (gp / SLOTS) & 1;
      if (!bar_test_relaxed(&full[slot], ph)) bar_wait(&full[slot], ph);  // the probe is relaxed
      acc += page[slot][t];
      bar_arrive(&empty[slot]);
    }
    out[blockIdx.x * 32 + t] = acc;
  }
}
