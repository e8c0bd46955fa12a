// A signed grid-stride loop whose bound leaves room for one more stride below 2^31
// (n <= 2^31 - 2^20, stride <= 256 * 4096 = 2^20): i never wraps, each element has one owner.
// With n up to 2^31 - 1 the sum can pass INT_MAX and come back negative (the int conversion of
// the unsigned sum), so that range is not proved.
// syncproof-args: --block 256 --grid 1:4096 --param n=0:2146435072
// expected-no-diagnostics
__global__ void add_one(float* x, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    x[i] = x[i] + 1.0f;
}
