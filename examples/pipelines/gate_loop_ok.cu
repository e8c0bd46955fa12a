// A loader that times its issue with a gate (the megakernel's RELGATE, in small): warp 1's lane 0
// fills a two-slot ring (plain stores, then an arrive on full[slot]); warp 0 consumes each page
// (wait full, read, arrive on empty[slot]) and, after every instruction of two pages, lane 0
// arrives on gate[n % 4]. Before a page of a later instruction the loader waits for an earlier
// instruction's gate when the page is two or more pages beyond that instruction's last page (the
// deadline), or when mbarrier.test_wait says the consumers have finished that last page; a gate it
// waited for is passed, the next one examined.
// Correct. The test decides only when the loader waits, and what it passes, so the gate state
// (gn) differs between executions. The concrete prover follows the loop as a timing loop
// (docs/concrete.md "Waits that only time"): once with every test going on (the earliest waits:
// no hang), once with every test stopping (the latest waits: no parity aliasing; four gate
// barriers keep the consumers within three gates of the loader); the gate waits acquire nothing.
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

constexpr int PAGES = 12, SLOTS = 2, GATES = 4;

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
      for (int k = 0; k < 32; ++k) page[slot][k] = in[(blockIdx.x * PAGES + gp) * 32 + k];
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
