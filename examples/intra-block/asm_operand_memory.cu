// Inline-asm operands that are memory lvalues: the input operand "r"(s[t + 1]) reads shared
// memory, and the output operand "=r"(s[t + 2]) writes it. Both race with the neighbours'
// plain accesses (no barrier). Before session 15 such operands were never evaluated (the
// asm's input read and its output store were dropped) and the kernel was proved.
// syncproof-args: --block 128 --grid 1:65535

__global__ void asm_operands(unsigned* out, const unsigned* in) {
  __shared__ unsigned s[130];
  unsigned t = threadIdx.x, x;
  s[t] = in[blockIdx.x * 128 + t];  // expected-race {{data race on 's'}}
  asm volatile("mov.b32 %0, %1;" : "=r"(x) : "r"(s[t + 1]));
  asm volatile("mov.b32 %0, %1;" : "=r"(s[t + 2]) : "r"(x));  // expected-race {{write 's[t + 2]' conflicts with write 's[t]'}} expected-race {{write 's[t + 2]' conflicts with read 's[t + 1]'}}
  out[blockIdx.x * 128 + t] = x;
}
