// SAXPY y = a * x + y.
// Bug: the element index uses threadIdx.x only, so every block reads and writes the same
// first blockDim.x elements: thread t of block 0 and thread t of block 1 race on y[t].
// syncproof-args: --block 1:1024 --grid 1:65535 --param n=0:1000000

__global__ void saxpy(float* y, const float* x, float a, int n) {
  int i = threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];  // expected-race {{data race on 'y' (global memory, between blocks)}}
  // expected-race@-1 {{data race on 'y' (global memory, between blocks)}}  (write/write and write/read)
}
