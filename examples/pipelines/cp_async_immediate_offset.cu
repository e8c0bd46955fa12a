// cp.async with an immediate offset in its shared address: `[%0+16]` with %0 = &s[t] copies
// into s[t + 1]; each thread waits for its own copies and then reads s[t], which the copy of
// thread t - 1 fills: another thread's cp.async, with no barrier after its wait. Before
// session 15 the `+16` was dropped (the copy went to s[t], the thread's own) and the kernel
// was proved.
// syncproof-args: --block 128 --grid 1:65535

__global__ void shifted_copy(float4* out, const float4* in) {
  __shared__ alignas(16) float4 s[129];
  unsigned t = threadIdx.x;
  unsigned dst = (unsigned)__cvta_generic_to_shared(&s[t]);
  asm volatile("cp.async.cg.shared.global [%0+16], [%1], 16;\n" ::"r"(dst), "l"(in + blockIdx.x * 128 + t) : "memory");
  asm volatile("cp.async.wait_all;\n" ::: "memory");
  out[blockIdx.x * 128 + t] = s[t];  // expected-async-copy {{before completion: read 's[t]'}}
}
