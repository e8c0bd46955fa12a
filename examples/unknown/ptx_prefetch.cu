// Scales each element and prefetches the data 4096 elements ahead into L2 with inline
// PTX. This PTX instruction is not modelled, so syncproof reports it as unknown (it cannot
// tell that the instruction does not synchronise or write memory).
// syncproof-args: --block 256 --grid 1:65535

__global__ void scale_prefetch(float* out, const float* in, float a) {
  unsigned i = blockIdx.x * 256 + threadIdx.x;
  asm volatile("prefetch.global.L2 [%0];" :: "l"(in + i + 4096));  // expected-unknown {{not modelled: inline PTX 'prefetch.global.L2'}}
  out[i] = a * in[i];
}
