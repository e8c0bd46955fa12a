// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 128 --grid 4 --param steps=0:10000
// corpus-expect: buggy race
// BUGGY: red_add(count, 2u) adds 2 per block per iteration but blocks wait for
// count >= (s+1)*P: reached when half the blocks arrived; a block may read its
// neighbour's data slot of iteration s before the neighbour wrote it: race.
__device__ __forceinline__ void red_add(unsigned* p, unsigned v) {
  asm volatile("red.release.gpu.global.add.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__global__ void k(float* data, unsigned* count, float* out, int steps) {
  int b = blockIdx.x, t = threadIdx.x, P = gridDim.x;
  float acc = 0.f;
  for (int s = 0; s < steps; ++s) {
    data[(s & 1) * 4096 + b * 128 + t] = (float)(s + b);
    __syncthreads();
    if (t == 0) {
      red_add(count, 2u);
      while (ld_acq(count) < (unsigned)((s + 1) * P)) {}
    }
    __syncthreads();
    acc += data[(s & 1) * 4096 + ((b + 1) % P) * 128 + t];
  }
  out[b * 128 + t] = acc;
}
