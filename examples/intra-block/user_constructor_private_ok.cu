// llm.c's Packed128 shape: a class of floats whose user-written constructor copies a loaded
// float4 into the object with memcpy, and a method that copies it out again. The object is
// thread-private storage: the constructor is inlined on it, the load of its argument is an
// access, and the copies between private storage are none. Each thread reads and writes
// its own 16 bytes: proved.
// syncproof-args: --block 128 --grid 1:1024
struct alignas(16) F4 {
  float v[4];
  __device__ explicit F4(float4 bits) { memcpy(&v, &bits, sizeof(bits)); }
  __device__ float4 bits() const {
    float4 b;
    memcpy(&b, &v, sizeof(b));
    return b;
  }
};

__global__ void k(float* out, const float* in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  F4 x(reinterpret_cast<const float4*>(in)[i]);
  reinterpret_cast<float4*>(out)[i] = x.bits();
}
// expected-no-diagnostics
