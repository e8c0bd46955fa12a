// Every thread assigns the struct an inlined helper returns, built from blockIdx.x and a kernel
// parameter, to one shared slot: the helper's result is one variable per field, filled by its
// `return s;`, so every thread stores the same bytes: possible races (unknown), one per field.
// With threadIdx.x / 32 passed instead, two warps store different values (a race:
// tests/corpus/review-same-value/s16_helper_b.cu).
// syncproof-args: --block 64 --grid 4
struct S { int a; int b; };
__device__ S make(int m) { S s; s.a = m; s.b = m * m; return s; }
__global__ void k(int n, int* out) {
  __shared__ S slot;
  slot = make(blockIdx.x + n);  // expected-unknown {{possible data race on 'slot'}} expected-unknown {{possible data race on 'slot'}}
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = slot.b;
}
