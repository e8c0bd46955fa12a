// Two blocks, each waiting for the other's counter: in block b, thread 0 waits until
// ctr[b ^ 1] >= 1, and thread 32 adds 1 to ctr[b] after 'bar.sync 1, 64', which warp 0 joins
// only after thread 0's wait. The signal is placed before the wait in the program text (the
// warps run different branches), yet it comes after it: every execution hangs (each block's
// signal waits, through the named barrier, for its own wait, which waits for the other
// block's signal). Before session 12 syncproof looked only at the program order of the wait
// and the signal and proved the kernel; since then a named or warp barrier that the waiting
// thread joins after its wait and the signalling thread before its signal puts the wait
// before the signal, and the cycle is not excluded ("possible cycle"). Since session 13 the
// grid (fixed, 2 blocks) is then run step by step (docs/memory-model.md, step 5): every
// thread ends blocked, so the hang is definite.
// syncproof-args: --block 64 --grid 2 --cooperative
__global__ void exchange(float* out, unsigned* ctr) {
  unsigned t = threadIdx.x, b = blockIdx.x;
  if (t >= 32) {
    asm volatile("bar.sync 1, 64;" ::: "memory");
    if (t == 32) {
      __threadfence();
      atomicAdd(&ctr[b], 1);
    }
  } else {
    if (t == 0)
      while (atomicAdd(&ctr[b ^ 1], 0) < 1) {  // expected-deadlock {{thread 32 of block 1 first waits, at line 16, at 'bar.sync 1, 64'}}
      }
    __syncwarp();
    asm volatile("bar.sync 1, 64;" ::: "memory");
  }
  out[b * 64 + t] = 0.0f;
}
