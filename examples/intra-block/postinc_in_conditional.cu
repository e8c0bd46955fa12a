// Here `z = (t < 32) ? 5 : k++;` gives threads 32-63 the old k (0): they all write r[0]. Buggy (a
// race); proved before session 22 (post-increment read the new value).
// syncproof-args: --block 64 --grid 2
__global__ void k(int* out) {
  __shared__ int r[64];
  unsigned t = threadIdx.x;
  int k = 0;
  int z = (t < 32) ? 5 : k++;        // threads 32..63: z == 0, k == 1
  if (z == 0) r[0] = t;              // threads 32..63 all write r[0]: race  // expected-race {{data race on 'r'}}
  else r[t] = t;  // expected-race {{data race on 'r'}}
  __syncthreads();
  out[blockIdx.x * 64 + t] = r[t] + k;
}
