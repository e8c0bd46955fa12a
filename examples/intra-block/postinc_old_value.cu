// Here `int z = k++;` yields the old k (0): every thread then writes r[0]. Buggy (a race). Before
// session 22 the frontend read k after the increment (`k = k + 1; z = k`) and proved it (adversarial review).
// syncproof-args: --block 64 --grid 2
__global__ void k(int* out) {
  __shared__ int r[64];
  unsigned t = threadIdx.x;
  int k = 0;
  int z = k++;                       // z == 0, k == 1
  if (z == 0) r[0] = t;              // every thread writes r[0]: race  // expected-race {{data race on 'r'}}
  else r[t] = t;
  __syncthreads();
  out[blockIdx.x * 64 + t] = r[t] + k;
}
