// Inline-PTX shfl.sync inside a bounds check: the membermask (the last operand, all 32
// lanes) names lanes that take the other branch in the warp that straddles n. Inline-PTX
// shfl.sync / vote.sync / match.sync / redux.sync are warp collectives like the intrinsics
// (docs/diagnostics/warp-sync.md).
// syncproof-args: --block 128 --grid 1:64 --param n=1:10000
__global__ void pair_sums(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = 0;
  if (i < n) {
    v = in[i];
    int o;
    asm volatile("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=r"(o) : "r"(v));  // expected-warp-sync {{names lane}}
    v += o;
  }
  out[i] = v;
}
