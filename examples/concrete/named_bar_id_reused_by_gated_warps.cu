// BUG (same as examples/pipelines/named_bar_id_shared.cu, with the concrete run's schedule
// steered): two independent pairs of warps use the same named barrier id 1 with count 64.
// Warps 2+3 exchange values through s[] with bar.sync 1,64; warps 0+1 do the same, but only
// after spinning until warp 4 has counted 32 relaxed atomicAdds on `gate` (no ordering with
// warps 2/3). In a real execution warp 4 may add first, so warps 0,1,2,3 can all be at
// barrier 1 together: an instance completes with e.g. warps 0 and 2, warp 2 passes and reads
// s[96..127] before warp 3 wrote it (race), and warp 1 pairs with warp 3.
// The concrete prover numbers instances per thread ((kind, block, id, n-th arrival of this
// thread)); its scheduler runs warps 2/3 through instance 0 and erases it before warps 0/1
// (woken by warp 4's adds) arrive, so they open a fresh 'instance 0'. Each thread is in
// exactly one instance of count 64, so everything checks out.
// Found by the session-18 review of the concrete prover (docs/concrete.md), which gives up
// on it; the expected findings are the symbolic checker's.
// syncproof-args: --block 160 --grid 1
__global__ void k(const float* in, float* out, unsigned* gate) {
  __shared__ float s[128];
  unsigned t = threadIdx.x, w = t / 32;
  if (w == 4) {
    atomicAdd(gate, 1u);
    return;
  }
  if (w < 2)
    while (atomicAdd(gate, 0u) < 32u) {}
  s[t] = in[t];
  asm volatile("bar.sync 1, 64;" ::: "memory");
  out[t] = s[t ^ 32];
}
// expected-unknown@-3 {{possible thread count: barrier 1 is executed by 128 threads}}
// expected-unknown@-6 {{cannot prove that the wait on 'gate' completes: the writes}}
