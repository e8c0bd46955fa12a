// Here the stored value comes from the input in[0]; `ld.shared.s16` of it may be negative, and
// then every thread writes r[0]. Buggy (a race). Before session 22 the symbolic checker treated the
// 16-bit load as non-negative and proved it.
// syncproof-args: --block 64 --grid 2
#include <cstdint>
__global__ void k(int* out, const int* in) {
  __shared__ int s[64];
  __shared__ int r[64];
  unsigned t = threadIdx.x;
  if (t == 0) s[0] = in[0];         // low half 0xFFFF
  __syncthreads();
  int v;
  asm volatile("ld.shared.s16 %0, [%1];" : "=r"(v) : "r"((uint32_t)__cvta_generic_to_shared(&s[0])) : "memory");
  if (v < 0) r[0] = t;               // really taken: v == -1, every thread writes r[0]  // expected-race {{data race on 'r'}}
  else r[t] = t;  // expected-race {{data race on 'r'}}
  __syncthreads();
  out[blockIdx.x * 64 + t] = r[t];
}
