// A local lambda that captures by reference (the shared tile and a local offset), called
// after the barrier: each thread reads its neighbour's element once every thread has written.
// The lambda's closure holds references, but its calls are inlined with the captured
// variables' bindings, so it is modelled (session 15: a check for classes with reference
// members briefly made such closures unknown; this example guards against that).
// syncproof-args: --block 128 --grid 1:65535
// expected-no-diagnostics

__global__ void neighbour(float* out, const float* in) {
  __shared__ float s[128];
  unsigned t = threadIdx.x;
  unsigned shift = 1;
  auto at = [&](unsigned i) { return s[(i + shift) % 128]; };
  s[t] = in[blockIdx.x * 128 + t];
  __syncthreads();
  out[blockIdx.x * 128 + t] = at(t);
}
