// A __syncwarp() inside a constant-trip loop: every lane of the warp runs every iteration.
// syncproof-args: --block 256 --grid 1
// expected-no-diagnostics

__global__ void k(float* out) {
  for (int i = 0; i < 4; i++) {
    __syncwarp();
  }
}
