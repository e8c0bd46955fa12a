// A loop that polls a shared flag whose only write is inside the loop itself, by a thread
// that never runs the loop: thread 0 spins, and the store `if (t == 32) flag = 1` is
// thread 32's, which skips the loop. It never ends. A write inside the polling loop counts
// as the loop's own (the loop computes its exit itself) only when every thread running the
// loop makes it (not under an if or an inner loop), or when a __syncthreads() in the loop
// makes the whole block run it together (docs/model.md "Loops that poll memory"). Until
// session 13 this kernel was proved.
// syncproof-args: --block 64 --grid 1:65535
__global__ void self_poll(float* out) {
  __shared__ volatile int flag;
  unsigned t = threadIdx.x;
  if (t == 0) flag = 0;
  __syncthreads();
  if (t == 0)
    while (flag == 0) {  // expected-unknown {{a loop that re-reads 'flag'}}
      if (t == 32) flag = 1;
    }
  out[blockIdx.x * 64 + t] = 0.0f;
}
