// Every thread but thread 0 computes a shared-memory index through a signed multiplication
// that overflows ((t + 1) * 2^30 does not fit an int for t >= 1): undefined behaviour in C++.
// The checks assume signed arithmetic does not overflow; before session 15 that assumption
// removed threads 1..255 from the checks, and the write-write race on 'buf' between them was
// "proved" away. Signed arithmetic decided by thread and block indices alone is now checked,
// so the kernel is unknown at the overflowing statement (computing in unsigned arithmetic
// would make the race visible: all threads write buf[0] or buf[1]).
// syncproof-args: --block 256 --grid 1:65535

__global__ void scaled_index(float* out) {
  __shared__ float buf[256];
  int i = ((int)threadIdx.x + 1) * 0x40000000;  // expected-unknown {{signed integer arithmetic in the value assigned to 'i' can overflow}}
  buf[(i >> 30) & 1] = 1.0f;
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = buf[0];
}
