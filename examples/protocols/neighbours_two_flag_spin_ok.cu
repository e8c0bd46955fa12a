// A ring of blocks: in step s every block writes its boundary value, then publishes
// ready[b] = s + 1 (release store); in step s + 1 it waits for both neighbours with ONE spin
// over two locations, `while (ld(&ready[left]) < s || ld(&ready[right]) < s) {}`, and reads
// their boundaries of step s (double-buffered by step parity).
// Correct for every step count: the spin exits only after a pass in which both loads saw
// their neighbour's step s - 1 value or later (each an acquire of that release), and since
// each flag only grows, that pass is the two waits in sequence. The write of slot s & 1 in
// step s is ordered after the neighbours' reads of it in step s - 1 by the same waits (their
// flag s was stored after those reads). (ready[] is 0 at launch.)
// syncproof-args: --cooperative --block 32 --grid 2:132 --param steps=0:100000
// expected-no-diagnostics

__device__ __forceinline__ void st_release(unsigned* p, unsigned v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned ld_acquire(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}

__global__ void ring(float* edge, unsigned* ready, float* out, int steps) {
  const unsigned b = blockIdx.x, P = gridDim.x, left = (b + P - 1) % P, right = (b + 1) % P;
  if (threadIdx.x != 0) return;  // one thread per block does the exchange
  float x = out[b];
  for (int s = 0; s < steps; ++s) {
    const unsigned su = (unsigned)s;
    {
      if (s > 0) {
        while (ld_acquire(&ready[left]) < su || ld_acquire(&ready[right]) < su) {}
        x = 0.5f * x + 0.25f * (edge[((s - 1) & 1) * P + left] + edge[((s - 1) & 1) * P + right]);
      }
      edge[(s & 1) * P + b] = x;
      st_release(&ready[b], su + 1);
    }
  }
  out[b] = x;
}
