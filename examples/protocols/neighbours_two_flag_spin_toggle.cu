// A ring of blocks: in step s every block writes its boundary value, then publishes
// ready[b] = s + 1 (release store); in step s + 1 it waits for both neighbours with ONE spin
// over two locations, `while (ld(&ready[left]) < s || ld(&ready[right]) < s) {}`, and reads
// their boundaries of step s (double-buffered by step parity).
// Bug: the flags toggle (ready[b] = (s & 1) + 1, the spin waits for the value of step s - 1)
// instead of counting: a neighbour that is a step ahead may store its step s value before this
// block reads the step s - 1 one, and then waits for this block forever (a missed toggle). A
// toggling flag is no counter, and a spin on two of them is not two waits in sequence:
// syncproof proves neither that the spin exits nor the order of the boundary values (unknown,
// with the reason; the deadlock is not found).
// syncproof-args: --cooperative --block 32 --grid 2:132 --param steps=0:100000

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
        while (ld_acquire(&ready[left]) != 2 - (su & 1) || ld_acquire(&ready[right]) != 2 - (su & 1)) {}  // expected-unknown {{one of the waits of a spin on several locations}} expected-unknown {{one of the waits of a spin on several locations}}
        x = 0.5f * x + 0.25f * (edge[((s - 1) & 1) * P + left] + edge[((s - 1) & 1) * P + right]);
      }
      edge[(s & 1) * P + b] = x;  // expected-unknown {{possible data race on 'edge'}} expected-unknown {{possible data race on 'edge'}}
      st_release(&ready[b], (su & 1) + 1);
    }
  }
  out[b] = x;
}
