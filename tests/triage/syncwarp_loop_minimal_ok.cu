// TRIAGE (false positive, minimal form): a __syncwarp() in a loop with a constant trip count
// and no branches is reported as "names lane N in its mask, but that lane does not reach it".
// See examples/TRIAGE.md.
// syncproof-args: --block 256 --grid 1
// expected-no-diagnostics

__global__ void k(float* out) {
  for (int i = 0; i < 4; i++) {
    __syncwarp();
  }
}
