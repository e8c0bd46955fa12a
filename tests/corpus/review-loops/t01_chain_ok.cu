// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 256 --grid 2:8 --param steps=0:1000
// corpus-expect: correct
// CORRECT: pipeline chain. Block b (b>0) waits until flag[b-1] >= s+1 (block b-1 has
// finished writing data[b-1][...] of step s, published with release store after a
// __syncthreads), reads it, writes its own data. Each flag only written by thread 0
// of its block, values strictly increase (s+1). Block b re-writes data[b] at step s+1
// only after... block b+1 must have read it: we guard with ack flags.
#include <cuda_runtime.h>
__device__ __forceinline__ void st_rel(unsigned* p, unsigned v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned ld_acq(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__global__ void k(float* data, unsigned* full, unsigned* ack, int steps) {
  int b = blockIdx.x, t = threadIdx.x, P = gridDim.x;
  for (int s = 0; s < steps; ++s) {
    float v = 1.0f;
    if (b > 0) {
      if (t == 0) { while (ld_acq(&full[b - 1]) < (unsigned)(s + 1)) {} }
      __syncthreads();
      v = data[(b - 1) * 256 + t];
      __syncthreads();
      if (t == 0) st_rel(&ack[b - 1], s + 1);
    }
    if (b < P - 1) {
      // wait until consumer b+1 read step s-1
      if (t == 0 && s > 0) { while (ld_acq(&ack[b]) < (unsigned)s) {} }
      __syncthreads();
      data[b * 256 + t] = v + 1.0f;
      __syncthreads();
      if (t == 0) st_rel(&full[b], s + 1);
    }
  }
}
