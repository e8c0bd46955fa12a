// Thread 0 of each block spins with atomicOr(flag, 0), which leaves the flag as it is (a
// read, like atomicAdd(flag, 0)), until the flag is 1; nothing writes it, so it stays 0 and
// every block hangs. syncproof took the atomicOr for a write and the loop for an ordinary
// one, and proved the kernel. (From an adversarial black-box review, /tmp/review32 t41.)
// syncproof-args: --grid 4 --block 64
__global__ void k(int* flag, int* out) {
  if (threadIdx.x == 0) {
    while (atomicOr(flag, 0) != 1) {  // expected-deadlock {{deadlock: the wait on 'flag' can never reach its target}}
    }
    out[blockIdx.x] = 1;
  }
}
