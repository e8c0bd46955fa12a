// A chain of blocks passes one tile per step through a two-slot mailbox in global memory.
// Block b reads slot s & 1 of mailbox[b - 1] once full[b - 1] >= s + 1, then publishes
// empty[b - 1] = s + 1; it writes slot s & 1 of mailbox[b] once empty[b] >= s - 1 (block b + 1
// has read tile s - 2 from that slot), then publishes full[b] = s + 1. The counters are written
// with release stores of a value that grows with the step (never an add): each has one writer,
// so coherence keeps its values in the order they were stored, and a value >= s + 1 is the
// store of step s or a later one.
// Bug: the flags are set to 1 in every step instead of to the step count: after step 0 a
// wait for full[b - 1] >= 1 passes on the flag of step 0, so block b can read a slot before
// block b - 1 wrote it. A store of a value that does not grow with the step is no counter:
// the symbolic checks cannot show the waits to complete, and end unknown. A run of a small
// launch (3 blocks, 3 steps) thread by thread then shows the race for certain: it is
// definite (docs/concrete.md "Small launches when the proof ends unknown").
// syncproof-args: --cooperative --block 256 --grid 1:132 --param steps=0:100000

__device__ __forceinline__ void st_release(unsigned* p, unsigned v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned ld_acquire(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}

__global__ void chain(const float* src, float* dst, float* mailbox, unsigned* full, unsigned* empty, int steps) {
  const unsigned t = threadIdx.x, b = blockIdx.x, P = gridDim.x;
  for (int s = 0; s < steps; ++s) {
    const unsigned su = (unsigned)s;
    float v;
    if (b == 0) {
      v = src[s * 256 + t];
    } else {
      if (t == 0)
        while (ld_acquire(&full[b - 1]) < 1u) {}  // expected-unknown {{cannot prove that the wait on 'p' completes: it is inside a loop}}
      __syncthreads();
      v = mailbox[((b - 1) * 2 + (s & 1)) * 256 + t];
      __syncthreads();
      if (t == 0) st_release(&empty[b - 1], 1u);
    }
    if (b == P - 1) {
      dst[s * 256 + t] = v;
    } else {
      if (t == 0 && s >= 2)
        while (ld_acquire(&empty[b]) < 1u) {}  // expected-unknown {{cannot prove that the wait on 'p' completes: it is inside a loop}}
      __syncthreads();
      mailbox[(b * 2 + (s & 1)) * 256 + t] = v + 1.0f;  // expected-race {{data race on 'mailbox'}}
      __syncthreads();
      if (t == 0) st_release(&full[b], 1u);
    }
    __syncthreads();  // the end of the step (a barrier every iteration executes)
  }
}
