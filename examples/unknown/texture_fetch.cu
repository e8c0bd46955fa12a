// A texture fetch reads the memory behind a texture object, which this kernel also writes
// through a plain pointer (the texture cache is not coherent with writes of the same launch).
// That memory is not modelled: unknown. Before session 16 tex1Dfetch was a pure library
// function and the kernel was proved.
// syncproof-args: --block 128 --grid 1:1024

__global__ void blur(cudaTextureObject_t tex, float* img) {
  unsigned i = blockIdx.x * 128 + threadIdx.x;
  float v = tex1Dfetch<float>(tex, (int)i + 1);  // expected-unknown {{texture fetch}}
  img[i] = v;
}
