// The consumers' loop is uniform, but the first bar.sync 1, 256 runs only in even
// iterations for warps 4-7 (`k % 2 == 0 || t < 128`): in odd iterations only 128 threads
// arrive at an instance that needs 256, so the consumers do not execute the same instances.
// The group pair finds a member that reaches the barrier where another does not, so
// syncproof does not use barrier 1 to order anything: the barriers are `unknown`, never
// proved. The race is definite: a run of a small launch (3 blocks, n = 3) thread by thread,
// with barrier 1 counted by its arrivals as the hardware does, shows that in an odd iteration
// warps 4-7 read s[255 - t] while warps 0-3 may still be writing it (docs/concrete.md
// "Small launches when the proof ends unknown").
// syncproof-args: --block 288 --grid 1:65535

__global__ void consumers_loop(const float* in, float* out, int n) {
  int ktiles = n + (int)(blockIdx.x % 4);
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  if (t >= 256) return;
  float acc = 0.f;
  for (int k = 0; k < ktiles; ++k) {
    s[t] = in[(blockIdx.x * ktiles + k) * 256 + t];  // expected-race {{data race on 's'}}
    if (k % 2 == 0 || t < 128)
      asm volatile("bar.sync 1, 256;" ::: "memory");  // expected-unknown {{inside a loop}}
    acc += s[255 - t];
    asm volatile("bar.sync 1, 256;" ::: "memory");  // expected-unknown {{inside a loop}}
  }
  out[blockIdx.x * 256 + t] = acc;
}
