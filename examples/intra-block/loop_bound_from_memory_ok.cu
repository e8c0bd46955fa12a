// A tiled loop with __syncthreads() whose trip count every thread loads from device memory
// (`int n = *ntiles;`, a value the host wrote before the launch). No thread writes ntiles,
// so every thread of the grid reads the same value: the loop runs alike in all threads and
// each __syncthreads() is reached by the whole block.
// syncproof reads loads of memory that no statement of the kernel writes as one value per
// address (docs/model.md "Loads of read-only memory"); before, each thread's load was an
// arbitrary value of its own and this kernel was reported as barrier divergence.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__global__ void scan_tiles(const float* in, float* out, const int* ntiles) {
  __shared__ float s[256];
  int n = *ntiles;
  float acc = 0.f;
  for (int k = 0; k < n; ++k) {
    s[threadIdx.x] = in[(blockIdx.x * n + k) * 256 + threadIdx.x];
    __syncthreads();
    acc += s[255 - threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
