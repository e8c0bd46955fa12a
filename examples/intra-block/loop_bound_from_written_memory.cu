// loop_bound_from_memory_ok.cu, but block 0's thread 0 overwrites the trip count while the
// other threads may be loading it: threads can read different values, run the loop a
// different number of times and miss each other's __syncthreads(). The memory is written
// by the kernel, so its loads are no longer one value per address.
// syncproof-args: --block 256 --grid 1:65535

__global__ void scan_tiles(const float* in, float* out, int* ntiles) {
  __shared__ float s[256];
  if (blockIdx.x == 0 && threadIdx.x == 0) *ntiles = 4;  // expected-race {{data race on 'ntiles'}}
  int n = *ntiles;
  float acc = 0.f;
  for (int k = 0; k < n; ++k) {  // expected-unknown {{possible barrier divergence: the loop}}
    s[threadIdx.x] = in[(blockIdx.x * n + k) * 256 + threadIdx.x];
    __syncthreads();  // expected-unknown {{barrier divergence}}
    acc += s[255 - threadIdx.x];
    __syncthreads();  // expected-unknown {{barrier divergence}}
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
