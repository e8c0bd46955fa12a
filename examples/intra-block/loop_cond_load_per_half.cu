// A __syncthreads() loop whose condition loads from read-only memory at an index that
// advances by 1 in the first half of the block and by 2 in the second: from the second
// iteration on, the two halves test different elements of `a`, so they can leave the loop
// after different numbers of iterations and miss each other's __syncthreads().
// (A regression test: the value a loop condition loads must be the one of the iteration
// it tests, never one loaded before the loop or in another iteration.)
// syncproof-args: --block 256 --grid 1:65535

__global__ void walk(const int* a, float* out) {
  __shared__ float s[256];
  int step = 1 + (int)(threadIdx.x / 128);
  int idx = 0;
  float acc = 0.f;
  while (a[idx] > 0) {  // expected-divergence {{loop}}
    s[threadIdx.x] = (float)idx;
    __syncthreads();  // expected-divergence {{barrier divergence}}
    acc += s[255 - threadIdx.x];
    __syncthreads();  // expected-divergence {{barrier divergence}}
    idx += step;
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
