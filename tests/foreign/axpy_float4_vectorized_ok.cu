// Vectorized y = a*x + y with float4 loads/stores (the "vectorized memory access" idiom):
// thread i handles floats 4i..4i+3 through reinterpret_cast<float4*>, and the n % 4 tail
// floats are handled by global thread 0 with scalar accesses; the arithmetic is a lambda. The tail starts at 4*(n/4),
// right after the last float4, so no byte is touched by two threads.
// syncproof-args: --block 256 --grid 1:65535 --param n=0:16777216
// expected-no-diagnostics

__global__ void saxpy_vec4(int n, float a, const float* __restrict__ x, float* __restrict__ y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int n4 = n / 4;
  auto axpy = [a](float xv, float yv) { return a * xv + yv; };
  if (i < n4) {
    float4 xv = reinterpret_cast<const float4*>(x)[i];
    float4 yv = reinterpret_cast<float4*>(y)[i];
    yv.x = axpy(xv.x, yv.x);
    yv.y = axpy(xv.y, yv.y);
    yv.z = axpy(xv.z, yv.z);
    yv.w = axpy(xv.w, yv.w);
    reinterpret_cast<float4*>(y)[i] = yv;
  }
  if (i == 0) {
    for (int j = n4 * 4; j < n; ++j) y[j] = axpy(x[j], y[j]);
  }
}
