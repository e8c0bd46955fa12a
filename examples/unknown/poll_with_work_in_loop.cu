// A poll that is not a plain spin: thread 0 re-reads a global flag and counts its tries in
// memory while it waits, so the loop is not an await (one load and local assignments,
// docs/memory-model.md) and stays a loop. Its end is what the kernel waits for, and here
// it never comes: thread 32 sets the flag only after the __syncthreads() that thread 0 reaches
// once the loop has ended. Before session 12 such a loop was taken to end and the kernel was
// proved; now it is reported (docs/model.md "Loops that poll memory").
// syncproof-args: --block 64 --grid 1:100
__global__ void poll_and_count(float* out, int* flag, int* tries) {
  unsigned t = threadIdx.x;
  if (t == 0) {
    int n = 0;
    while (atomicAdd(flag, 0) == 0) {  // expected-unknown {{a loop that re-reads 'flag'}}
      n++;
      tries[blockIdx.x] = n;
    }
  }
  __syncthreads();
  if (t == 32) atomicExch(flag, 1);
  out[blockIdx.x * 64 + t] = 0.0f;
}
