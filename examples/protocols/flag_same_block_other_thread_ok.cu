// Thread 0 of the block spins on a global flag that thread 32 of the same block sets; nothing
// orders the set after the spin, so it can come first or while thread 0 spins (separate warps
// make progress independently): the wait always completes. Before session 12 syncproof
// reported "a wait on work the same block does later" here, because the set comes after the
// wait in the block's program text; a signal of the waiting block counts as later only when
// the waiting thread executes it or a barrier it must pass lies between
// (flag_after_named_barrier.cu).
// syncproof-args: --block 64 --grid 1
// expected-no-diagnostics
__global__ void handshake(float* out, int* flag) {
  unsigned t = threadIdx.x;
  if (t == 0)
    while (atomicAdd(flag, 0) == 0) {
    }
  if (t == 32) atomicExch(flag, 1);
  out[t] = 0.0f;
}
// syncproof-equivalent-mutant: wait-target@13:34#2 `== -1` passes at once; the wait orders nothing the kernel relies on
// syncproof-equivalent-mutant: atomic-scope@13:12 the launch has one block: block scope covers both threads
// syncproof-equivalent-mutant: atomic-scope@15:16 the launch has one block: block scope covers both threads
