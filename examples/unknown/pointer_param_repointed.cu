// A pointer parameter re-pointed into shared memory: buf[t] then writes s[t + 1], a race with
// thread t + 1's read of s[t + 1]. Before session 15 the parameter kept its global region and
// only its offset moved (proved); re-pointing a parameter into another region is now not
// modelled, as for local pointers.
// syncproof-args: --block 128 --grid 1

__global__ void repoint(float* buf, const float* in, float* out) {
  __shared__ float s[129];
  unsigned t = threadIdx.x;
  buf = s + 1;  // expected-unknown {{pointer 'buf' is re-pointed into a different memory region}}
  buf[t] = in[blockIdx.x * 128 + t];
  out[blockIdx.x * 128 + t] = s[t];
}
