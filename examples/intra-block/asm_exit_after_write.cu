// Thread 5 writes s[6] and leaves with the PTX `exit` instruction; thread 6 writes and reads
// s[6] with no barrier: a write-write and a write-read race. Before session 15 `exit` was
// taken as an abort of the whole launch (like __trap(): the path impossible), which removed
// thread 5's write, and the kernel was proved. It is now a thread exit, as `return`.
// syncproof-args: --block 128 --grid 1:65535

__global__ void early_exit(float* out) {
  __shared__ float s[129];
  unsigned t = threadIdx.x;
  s[t] = 0.0f;
  if (t == 5) {
    s[t + 1] = 1.0f;  // expected-race {{write 's[t + 1]' conflicts with write 's[t]'}} expected-race {{write 's[t + 1]' conflicts with read 's[t]'}}
    asm volatile("exit;");
  }
  out[blockIdx.x * 128 + t] = s[t];
}
