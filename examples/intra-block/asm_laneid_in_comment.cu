// The asm reads %warpid (the same for all lanes of a warp); its comment mentions %laneid.
// All 32 lanes of a warp then store the same slot: a write-write race. Before session 15 any
// asm whose text contained "%laneid" gave its output the lane index, and the kernel was
// proved; only an asm that is exactly `mov.u32 %N, %laneid;` does now.
// syncproof-args: --block 128 --grid 1:65535

__global__ void warp_slot(unsigned* out) {
  __shared__ unsigned s[128];
  unsigned t = threadIdx.x, w;
  asm volatile("mov.u32 %0, %%warpid; // not %%laneid" : "=r"(w));
  s[(t / 32) * 32 + (w & 31)] = t;  // expected-race {{data race on 's'}}
  __syncthreads();
  out[blockIdx.x * 128 + t] = s[t];
}
