// Threads t and t + 64 both write s[t % 64] (a write-write race of two different values), and
// only then do threads 64..127 fail `assert(t < 64)`. The abort cannot undo writes that already
// happened. Before session 15 a failed assert (and __trap()) made the thread's whole path
// impossible, its earlier writes included, and the kernel was proved; the thread now stops at the
// abort.
// syncproof-args: --block 128 --grid 1:65535
#include <cassert>

__global__ void checked_late(float* out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  s[t % 64] = (float)t;  // expected-race {{data race on 's'}}
  assert(t < 64);
  out[blockIdx.x * 128 + t] = 0.0f;
}
