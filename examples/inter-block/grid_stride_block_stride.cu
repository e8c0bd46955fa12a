// In-place ReLU over n elements with a grid-stride loop.
// Bug: the stride is blockDim.x instead of blockDim.x * gridDim.x, so block b walks into
// block b + 1's elements: thread t of block 0 in its second iteration and thread t of
// block 1 in its first both update x[256 + t].
// syncproof-args: --block 256 --grid 1024 --param n=0:100000000

__global__ void relu_inplace(float* x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x)
    x[i] = fmaxf(x[i], 0.0f);  // expected-race {{data race on 'x' (global memory, between blocks)}}
  // expected-race@-1 {{data race on 'x' (global memory, between blocks)}}  (write/write and write/read)
}
