// A ring whose waits first probe: `if (!test_wait(b, parity)) wait(b, parity)` (the CUTLASS
// consumer_try_wait / consumer_wait shape). Warp 1's lane 0 fills a two-slot ring with plain
// stores and arrives on full[slot]; warp 0 probes full[slot], waits only if the probe failed,
// reads the page and arrives on empty[slot]; the producer probes empty[slot] the same way.
// Correct: a probe that succeeds acquires the phase (mbarrier.test_wait has .acquire semantics by
// default), a failed one is followed by the wait for the same phase, so after the `if` every
// execution has acquired it. The concrete prover follows the waiting side with a wait that
// acquires, after checking that it names the probe's mbarrier and phase (docs/concrete.md).
// syncproof-args: --block 64 --grid 2
// expected-no-diagnostics
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
  asm volatile("{\n.reg .pred P1;\nmbarrier.test_wait.parity.shared::cta.b64 P1, [%1], %2;\nselp.u32 %0, 1, 0, P1;\n}\n"
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
      for (int k = 0; k < 32; ++k) page[slot][k] = in[(blockIdx.x * PAGES + gp) * 32 + k];
      bar_arrive(&full[slot]);
    }
  } else if (t < 32) {  // the consumers
    float acc = 0.0f;
    for (int gp = 0; gp < PAGES; ++gp) {
      const int slot = gp % SLOTS;
      const unsigned ph = (gp / SLOTS) & 1;
      if (!bar_test(&full[slot], ph)) bar_wait(&full[slot], ph);
      acc += page[slot][t];
      bar_arrive(&empty[slot]);
    }
    out[blockIdx.x * 32 + t] = acc;
  }
}
