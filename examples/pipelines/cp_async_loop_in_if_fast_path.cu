// A double-buffered cp.async loop behind `if (ntiles > 1)`, with a fast path for one tile
// that forgets to wait. Bug: when ntiles == 1 the loop never runs, so nothing covers the
// prologue's copy of tile 0: the fast path reads a neighbour's element while that thread's
// copy may still be in flight (and with no barrier after any wait). The group induction must
// not take the loop's waits for a thread that skips the loop: its trip count is 0 there. Not
// confirmed as a violation yet: the trip counts checked one by one keep the loop behind the
// branch (a parameter that decides a branch around a pipeline loop is not folded), so the
// read stays a possible race.
// syncproof-args: --block 128 --grid 1:65535 --param ntiles=1:100000

__global__ void smooth_stream(const float4* in, float* out, int ntiles) {
  __shared__ alignas(16) float4 buf[2][128];
  unsigned t = threadIdx.x;
  const float4* src = in + blockIdx.x * ntiles * 128;
  float acc = 0.f;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"((unsigned)__cvta_generic_to_shared(&buf[0][t])), "l"(src + t) : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
  if (ntiles > 1) {
    for (int k = 0; k < ntiles; k++) {  // expected-unknown {{bounded: no violation for ntiles in [1, 8]}}
      if (k + 1 < ntiles)
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"((unsigned)__cvta_generic_to_shared(&buf[(k + 1) & 1][t])),
                     "l"(src + (k + 1) * 128 + t) : "memory");
      asm volatile("cp.async.commit_group;" ::: "memory");
      asm volatile("cp.async.wait_group 1;" ::: "memory");
      __syncthreads();
      acc += buf[k & 1][(t + 1) % 128].x;
      __syncthreads();
    }
  } else {
    acc = buf[0][(t + 1) % 128].x;  // expected-unknown {{possible before completion: read 'buf[0][(t + 1) % 128].x'}}
    asm volatile("cp.async.wait_all;" ::: "memory");
  }
  out[blockIdx.x * 128 + t] = acc;
}
