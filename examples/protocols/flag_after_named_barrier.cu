// flag_same_block_other_thread_ok.cu with a named barrier of warps 0 and 1 before the set:
// thread 32 sets the flag only after 'bar.sync 1, 64', which warp 0 reaches only once thread
// 0's spin has ended. Every execution hangs.
// syncproof-args: --block 64 --grid 1
__global__ void handshake(float* out, int* flag) {
  unsigned t = threadIdx.x;
  if (t == 0)
    while (atomicAdd(flag, 0) == 0) {  // expected-deadlock {{comes after the wait}}
    }
  asm volatile("bar.sync 1, 64;" ::: "memory");
  if (t == 32) atomicExch(flag, 1);
  out[t] = 0.0f;
}
