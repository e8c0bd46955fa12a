// Here `r[t + 1 - k++]` reads r[t + 1] (k was 0), which thread t + 1 writes with no barrier. Buggy
// (a race); proved before session 22 (the index used the new k: r[t]).
// syncproof-args: --block 64 --grid 2
__global__ void k(int* out) {
  __shared__ int r[65];
  unsigned t = threadIdx.x;
  int k = 0;
  r[t] = t;                          // thread t writes r[t]  // expected-race {{data race on 'r'}}
  int q = r[t + 1 - k++];            // reads r[t+1], written by thread t+1 with no barrier: race
  out[blockIdx.x * 64 + t] = q + k;
}
