// The host code fills the flag with cudaMemset(flag, 1, ...) (each byte 1: 0x01010101) before
// the launch, and thread 0 of each block waits for it to be 0, which nothing writes: every
// block hangs. syncproof models spin-waits from a launch value of 0, and proved the kernel
// (with the shape read from the launch below). A wait on memory the file's host code fills
// (cudaMemset with a value other than 0, cudaMemcpy, cudaMemcpyToSymbol) is now unknown.
// (From an adversarial black-box review, /tmp/review32 t18.)
#include <cuda.h>
__global__ void k(int* flag, int* out) {
  if (threadIdx.x == 0) {
    while (atomicAdd(flag, 0) != 0) {  // expected-unknown {{whose memory the host code writes before a launch (cudaMemset at}}
    }
    out[blockIdx.x] = 1;
  }
}
int main() {
  int *flag, *out;
  cudaMalloc(&flag, sizeof(int));
  cudaMalloc(&out, 64 * sizeof(int));
  cudaMemset(flag, 1, sizeof(int));
  k<<<4, 32>>>(flag, out);
  cudaDeviceSynchronize();
  return 0;
}
