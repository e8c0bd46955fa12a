// Here `ld.shared.s16` of 65535 into a 32-bit register gives -1 (PTX sign-extends), so `v < 0`
// holds and every thread writes r[0]. Buggy (a race). Before session 22 the load was zero-extended
// (65535) and the kernel proved.
// syncproof-args: --block 64 --grid 2
#include <cstdint>
__global__ void k(int* out) {
  __shared__ int s[64];
  __shared__ int r[64];
  unsigned t = threadIdx.x;
  if (t == 0) s[0] = 65535;          // low half 0xFFFF
  __syncthreads();
  int v;
  asm volatile("ld.shared.s16 %0, [%1];" : "=r"(v) : "r"((uint32_t)__cvta_generic_to_shared(&s[0])) : "memory");
  if (v < 0) r[0] = t;               // really taken: v == -1, every thread writes r[0]  // expected-race {{data race on 'r'}}
  else r[t] = t;  // expected-race {{data race on 'r'}}
  __syncthreads();
  out[blockIdx.x * 64 + t] = r[t];
}
