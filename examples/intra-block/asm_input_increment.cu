// An inline-asm input with a side effect ("r"(j++)): the increment happens, so the second
// store goes to the neighbour's slot. Before session 16 inputs were evaluated only when they
// read memory, j stayed t, and the kernel was proved.
// syncproof-args: --block 128 --grid 1

__global__ void bump(float* out) {
  __shared__ float s[129];
  unsigned t = threadIdx.x, j = t;
  s[t] = 1.0f;
  asm volatile("// consumes %0" ::"r"(j++));
  s[j] = 2.0f;  // expected-race {{write 's[j]' conflicts with write 's[t]'}}
  __syncthreads();
  out[t] = s[t];
}
