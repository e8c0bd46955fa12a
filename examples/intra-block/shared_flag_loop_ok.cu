// An iteration that runs until thread 0 decides it has converged: thread 0 writes a
// __shared__ flag between the two barriers of each iteration, and every thread reads it
// after the second one to decide whether to leave the loop. The flag is rewritten in every
// iteration, so it is not one value for the whole kernel — but between two barriers nobody
// writes it, so all threads of a block read the same value and leave after the same
// iteration.
// syncproof reads two loads of one shared address by threads of a block in the same
// barrier interval as one value (the equality abstraction, docs/model.md "Equal reads in one
// barrier interval"), valid when only collective barriers order the block's threads and
// the kernel has no race (which the race check shows). Without it, each thread's read would
// be arbitrary and the break thread-dependent: 1 barrier divergence, as in
// loop_break_thread_dependent.cu.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__global__ void iterate(const float* in, float* out, float tol) {
  __shared__ float buf[256];
  __shared__ int done;
  unsigned t = threadIdx.x;
  float x = in[blockIdx.x * 256 + t];
  while (true) {
    buf[t] = x;
    __syncthreads();
    x = 0.5f * (x + buf[(t + 1) % 256]);
    if (t == 0) done = buf[0] < tol;
    __syncthreads();
    if (done) break;
  }
  out[blockIdx.x * 256 + t] = x;
}
