// GPU Gems 3, ch. 39, "naive" Hillis-Steele exclusive scan with a double buffer in dynamic
// shared memory, indices toggled with pout = 1 - pout (written here with the fix from the
// book's errata: the output element is pin-buffer + pin-buffer, not +=). One segment of
// blockDim.x elements per block; temp holds 2 * blockDim.x floats.
// syncproof-args: --block 512 --grid 1:4096 --dynamic-smem 4096
// expected-no-diagnostics

__global__ void scan_naive(float* g_odata, const float* g_idata) {
  extern __shared__ float temp[];  // allocated on invocation: 2 * n floats
  const int n = blockDim.x;
  int thid = threadIdx.x;
  const float* in = g_idata + blockIdx.x * n;
  float* out = g_odata + blockIdx.x * n;
  int pout = 0, pin = 1;
  // Exclusive scan: shift right by one and set first element to 0
  temp[pout * n + thid] = (thid > 0) ? in[thid - 1] : 0;
  __syncthreads();
  for (int offset = 1; offset < n; offset *= 2) {
    pout = 1 - pout;  // swap double buffer indices
    pin = 1 - pout;
    if (thid >= offset)
      temp[pout * n + thid] = temp[pin * n + thid] + temp[pin * n + thid - offset];
    else
      temp[pout * n + thid] = temp[pin * n + thid];
    __syncthreads();
  }
  out[thid] = temp[pout * n + thid];  // write output
}
