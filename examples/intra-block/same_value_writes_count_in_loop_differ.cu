// The twin of same_value_writes_count_in_loop.cu: each thread keeps the iteration number, 0 in
// even threads and 1 in odd ones. The run of the launch computes both: a race.
// syncproof-args: --block 64 --grid 1
__global__ void k(int* out) {
  __shared__ int s[4];
  int keep = 0;
  for (int i = 0; i < 2; i++) {
    __syncthreads_count(threadIdx.x & 1);
    if ((int)(threadIdx.x & 1) == i) keep = i;
  }
  s[0] = keep;  // expected-race {{data race on 's'}}
  __syncthreads();
  out[threadIdx.x] = s[0];
}
