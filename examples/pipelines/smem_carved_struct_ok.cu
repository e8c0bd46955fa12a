// Dynamic shared memory carved into a struct of pointers, the way persistent kernels lay out
// their pages and mbarriers: round the base up to 128 bytes, hand out a 64-float buffer, then
// an 8-byte-aligned mbarrier behind it. Two producer warps fill one half of the buffer each and
// arrive on the mbarrier (count 2); two consumer warps wait on phase 0 and read both halves.
// Correct: smem_raw is declared __align__(128), so the rounding leaves the offsets exact
// (buffer at byte 0, mbarrier at byte 256); the carved pieces do not overlap; the arrivals
// (release.cta) complete phase 0 after both halves are written and the wait (acquire.cta)
// orders the reads after them.
// syncproof-args: --block 128 --grid 1:65535 --dynamic-smem 512
// expected-no-diagnostics
#include <cstdint>

struct Smem {
  float* buf;                 // 64 floats
  unsigned long long* ready;  // one mbarrier
};

__global__ void two_producers(const float* in, float* out) {
  extern __shared__ __align__(128) unsigned char smem_raw[];
  Smem s;
  {
    uintptr_t base = (reinterpret_cast<uintptr_t>(smem_raw) + 127) & ~(uintptr_t)127;
    unsigned char* b = reinterpret_cast<unsigned char*>(base);
    s.buf = reinterpret_cast<float*>(b); b += 64 * sizeof(float);
    s.ready = reinterpret_cast<unsigned long long*>((reinterpret_cast<uintptr_t>(b) + 7) & ~(uintptr_t)7);
  }
  unsigned t = threadIdx.x, warp = t / 32, lane = t % 32;
  unsigned bar = (unsigned)__cvta_generic_to_shared(s.ready);
  if (t == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 2;" ::"r"(bar) : "memory");
  __syncthreads();
  if (warp < 2) {
    s.buf[t] = in[blockIdx.x * 64 + t] * 2.0f;
    __syncwarp();
    if (lane == 0)
      asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
  } else {
    unsigned done = 0;
    while (!done)
      asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                   : "=r"(done) : "r"(bar) : "memory");
    out[blockIdx.x * 64 + t - 64] = s.buf[t - 64] + s.buf[127 - t];
  }
}
