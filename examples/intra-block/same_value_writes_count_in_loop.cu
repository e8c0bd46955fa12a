// Even threads keep iteration 0's __syncthreads_count result, odd threads iteration 1's; both
// count the odd threads (32), so every thread stores 32. The run of the launch does not compute
// the counts, and the loop abstraction keeps no value of `keep`: a possible race (unknown),
// saying so. The twin same_value_writes_count_in_loop_differ.cu keeps the iteration number.
// syncproof-args: --block 64 --grid 1
__global__ void k(int* out) {
  __shared__ int s[4];
  int keep = 0;
  for (int i = 0; i < 2; i++) {
    int c = __syncthreads_count(threadIdx.x & 1);
    if ((int)(threadIdx.x & 1) == i) keep = c;
  }
  s[0] = keep;  // expected-unknown {{possible data race on 's'}}
  __syncthreads();
  out[threadIdx.x] = s[0];
}
