// Here thread 0 stores `sb.a = 0; sb.b = 1;` (bit-fields of one word); every thread then reads
// sb.a, which is 0, and writes r[0]. Buggy (a race). Before session 22 a bit-field store was
// recorded as the whole word's value (sb.a read back as 1) and the concrete prover proved it.
// syncproof-args: --block 64 --grid 2
struct B { int a : 8; int b : 24; };
__global__ void k(int* out) {
  __shared__ B sb;
  __shared__ int r[64];
  unsigned t = threadIdx.x;
  if (t == 0) { sb.a = 0; sb.b = 1; } // word = 0x100: a == 0, b == 1
  __syncthreads();
  int v = sb.a;                      // 0
  if (v == 0) r[0] = t;              // taken by every thread: race on r[0]  // expected-race {{data race on 'r'}}
  else r[t] = t;  // expected-race {{data race on 'r'}}
  __syncthreads();
  out[blockIdx.x * 64 + t] = r[t];
}
