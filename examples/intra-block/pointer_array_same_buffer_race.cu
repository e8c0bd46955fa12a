// Double buffering through a local array of pointers: `float* buf[2] = {a, b}` names two
// shared arrays, and iteration i reads buf[i & 1] and writes buf[(i + 1) & 1]. An access
// through buf[j] is an access to a when j is 0 and to b when j is 1 (each element keeps the
// array it points to), so the iterations' reads and writes meet in the right arrays.
// Bug: the output buffer is buf[i & 1], the one the iteration reads: thread t overwrites
// in[t] while thread t - 1 reads it as in[(t + 1) % 256] (a when i is even, b when it is odd).
// syncproof-args: --block 256 --grid 1:1024 --param n=0:1000000

__global__ void smooth(float* out, int n) {
  __shared__ float a[256], b[256];
  float* buf[2] = {a, b};
  unsigned t = threadIdx.x;
  a[t] = out[blockIdx.x * 256 + t];
  __syncthreads();
  for (int i = 0; i < n; ++i) {
    const float* in = buf[i & 1];
    float* o = buf[i & 1];
    o[t] = 0.5f * (in[t] + in[(t + 1) % 256]);  // expected-race {{data race on 'a' (shared memory, within a block)}} expected-race {{data race on 'b' (shared memory, within a block)}}
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = buf[n & 1][t];
}
