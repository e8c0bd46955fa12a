// A 32-bit shared-window address that wraps: cvta(&s[t + 1]) + 0xFFFFFFFCu is &s[t] modulo
// 2^32, so thread t stores s[t] while thread t - 1 reads s[t] (no barrier). Before session 15
// the addition was widened to 64 bits (an offset 4 GiB past the array) and the kernel was
// proved; the window address is now computed in its own width.
// syncproof-args: --block 128 --grid 1:65535

__global__ void wrapped(unsigned* out, unsigned v) {
  __shared__ unsigned s[129];
  unsigned t = threadIdx.x;
  asm volatile("st.shared.u32 [%0], %1;" ::"r"((unsigned)__cvta_generic_to_shared(&s[t + 1]) + 0xFFFFFFFCu), "r"(v) : "memory");  // expected-race {{data race on 's'}}
  out[blockIdx.x * 128 + t] = s[t + 1];
}
