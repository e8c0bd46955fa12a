// The consumers' loop runs a per-warp number of tiles: warp w runs ktiles + w iterations,
// so the warps execute different numbers of bar.sync 1, 256 instances (once warp 0 has
// left the loop, the other warps wait forever at an instance that never gets 256 threads).
// syncproof cannot show barrier 1 to be the consumers' barrier (the loop around it has a
// trip count that differs between threads), so it orders nothing by it: the barriers and the race they would
// have excluded are `unknown`, never proved. (The hang itself is not reported yet.)
// syncproof-args: --block 288 --grid 1:65535

__global__ void consumers_loop(const float* in, float* out, int n) {
  int ktiles = n + (int)(blockIdx.x % 4);  // the same in every thread of a block: not unrolled (no parameter range decides it)
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  if (t >= 256) return;
  float acc = 0.f;
  for (int k = 0; k < ktiles + (int)(t / 32); ++k) {
    s[t] = in[(blockIdx.x * ktiles + k) * 256 + t];  // expected-unknown {{possible data race}}
    asm volatile("bar.sync 1, 256;" ::: "memory");  // expected-unknown {{inside a loop}}
    acc += s[255 - t];
    asm volatile("bar.sync 1, 256;" ::: "memory");  // expected-unknown {{inside a loop}}
  }
  out[blockIdx.x * 256 + t] = acc;
}
