// shared_flag_loop_ok.cu with the flag in the loop's condition: `while (!done)`, where thread 0
// clears `done` before the loop and sets it between the two barriers of an iteration. The
// test re-reads `done` in every iteration at one address; what it reads changes from one
// iteration to the next, but within one interval all threads of a block read the same value
// (docs/model.md "Equal reads in one barrier interval": at the head of the arbitrary
// iteration the pair reads one fresh value, not the one read before the loop).
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__global__ void iterate(const float* in, float* out, float tol) {
  __shared__ float buf[256];
  __shared__ int done;
  unsigned t = threadIdx.x;
  float x = in[blockIdx.x * 256 + t];
  if (t == 0) done = 0;
  __syncthreads();
  while (!done) {
    buf[t] = x;
    __syncthreads();
    x = 0.5f * (x + buf[(t + 1) % 256]);
    if (t == 0) done = buf[0] < tol;
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = x;
}
