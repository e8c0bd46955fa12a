// Thread 0 spins while a global flag holds 1; thread 32 of the same block sets it to 1. The
// wait passes at the flag's launch value (0), but nothing orders the set after the wait: when
// thread 32 runs first, thread 0 reads 1 for ever (a hang in that schedule). syncproof reports
// a possible deadlock (it does not show the schedule), never a proof; it was proved before,
// because the wait "never waits" at the launch value. (A mutant of
// examples/protocols/flag_same_block_other_thread_ok.cu: `== 0` made `== 1`.)
// syncproof-args: --block 64 --grid 1
__global__ void handshake(float* out, int* flag) {
  unsigned t = threadIdx.x;
  if (t == 0)
    while (atomicAdd(flag, 0) == 1) { // expected-unknown {{possible deadlock: the wait on 'flag' passes at the location's launch value}}
    }
  if (t == 32) atomicExch(flag, 1);
  out[t] = 0.0f;
}
