// A hand-made grid barrier in a plain <<<>>> launch whose blocks each declare 48 KiB of
// static shared memory. No resource-usage file is given, so syncproof counts the __shared__
// declarations itself: an H200 SM (233,472 bytes, 1,024 reserved per block) holds 4 such
// blocks, 528 in all. Bug: the contract allows up to 1056 blocks; the 528 resident ones spin
// forever waiting for blocks that cannot start. (Before session 14 the static shared memory
// was not counted without a resource-usage file: 8 blocks per SM by registers, and the kernel
// was proved.) gbarrier_static_shared_fits_ok.cu is the same kernel with a grid that fits.
// syncproof-args: --block 256 --grid 1:1056 --device h200 --registers-per-thread 32

__global__ void normalise(float* x, float* partial, unsigned* arrived) {
  __shared__ float buf[12288];
  unsigned t = threadIdx.x, b = blockIdx.x;
  for (unsigned i = t; i < 12288; i += 256) buf[i] = x[b * 256 + (i & 255)];
  __syncthreads();
  if (t == 0) {
    partial[b] = buf[0] + buf[12287];
    __threadfence();
    atomicAdd(arrived, 1u);
    while (*(volatile unsigned*)arrived < gridDim.x) __nanosleep(100);  // expected-deadlock {{132 SMs x 4 blocks per SM}}
    __threadfence();
  }
  __syncthreads();
  float total = 0.0f;
  for (unsigned i = 0; i < gridDim.x; i++)
    total += partial[i];
  x[b * 256 + t] /= total;
}
