// Tiled n x n matrix multiply C = A * B with 16 x 16 tiles of A and B staged in shared
// memory.
// Bug: the second barrier of the iteration is missing, so a fast thread stores the next
// tiles while slower threads are still reading the current ones.
// syncproof-args: --block 16,16 --grid 1:64,1:64 --param n=1024
#define T 16

__global__ void matmul(float* C, const float* A, const float* B, int n) {
  __shared__ float As[T][T], Bs[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < n; k0 += T) {
    As[ty][tx] = A[row * n + k0 + tx];  // expected-race {{data race on 'As' (shared memory, within a block)}}
    Bs[ty][tx] = B[(k0 + ty) * n + col];  // expected-race {{data race on 'Bs' (shared memory, within a block)}}
    __syncthreads();
    for (int k = 0; k < T; k++)
      acc += As[ty][k] * Bs[k][tx];
  }
  C[row * n + col] = acc;
}
