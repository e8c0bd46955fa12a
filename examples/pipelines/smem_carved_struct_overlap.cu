// smem_carved_struct_ok.cu with the classic carving slip: the buffer is advanced by 64 bytes
// instead of 64 floats (b += 64), so the mbarrier lands at byte 64, on buf[16] and buf[17].
// Bug: producer threads 16 and 17 store into the mbarrier's memory while it is in use (an
// arrive or a wait may run at the same time), and the consumers read it back as data.
// syncproof-args: --block 128 --grid 1:65535 --dynamic-smem 512
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
    s.buf = reinterpret_cast<float*>(b); b += 64;
    s.ready = reinterpret_cast<unsigned long long*>((reinterpret_cast<uintptr_t>(b) + 7) & ~(uintptr_t)7);
  }
  unsigned t = threadIdx.x, warp = t / 32, lane = t % 32;
  unsigned bar = (unsigned)__cvta_generic_to_shared(s.ready);
  if (t == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 2;" ::"r"(bar) : "memory");
  __syncthreads();
  if (warp < 2) {
    s.buf[t] = in[blockIdx.x * 64 + t] * 2.0f;  // expected-mbarrier {{'s.buf[t]' writes the memory of mbarrier}}
    __syncwarp();
    if (lane == 0)
      asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
  } else {
    unsigned done = 0;
    while (!done)
      asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                   : "=r"(done) : "r"(bar) : "memory");
    out[blockIdx.x * 64 + t - 64] = s.buf[t - 64];  // expected-mbarrier {{reads the memory of mbarrier}}
  }
}
