// 256-bin byte histogram: per-block bins in shared memory, then merged into the global
// histogram with atomicAdd (grid-stride input loop).
// Bug: bins[b]++ is a plain read-modify-write; two threads of a block that see the same
// byte value update the same bin at the same time and lose counts. Use atomicAdd.
// syncproof-args: --block 256 --grid 1:1024 --param n=0:16777216

__global__ void histogram(unsigned* hist, const unsigned char* data, int n) {
  __shared__ unsigned bins[256];
  bins[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    bins[data[i]]++;  // expected-race {{data race on 'bins' (shared memory, within a block)}}
  // expected-race@-1 {{data race on 'bins'}}  (the ++ is a read and a write; both conflict)
  __syncthreads();
  atomicAdd(&hist[threadIdx.x], bins[threadIdx.x]);
}
