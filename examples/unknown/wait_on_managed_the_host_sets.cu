// A `__managed__` flag (nvcc: a __device__ variable in managed memory, which host code may
// assign directly) set to 2 by the host before the launch; thread 0 waits for it to be 0,
// which nothing writes: the block hangs. Clang's CUDA mode ignored `__managed__` and took the
// variable for a host one (a parse error, exit 2: docs/nvcc-compat.md); now it is a device
// variable, and the host's assignment makes its launch value unknown, so the wait is too.
// (From an adversarial black-box review, /tmp/review32 t17.)
__managed__ int g = 0;
__global__ void k(int* out) {
  if (threadIdx.x == 0) {
    while (atomicAdd(&g, 0) != 0) {  // expected-unknown {{__device__ 'g', which the host code writes (an assignment at}}
    }
  }
  out[threadIdx.x] = 1;
}
int main() {
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  g = 2;
  k<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
