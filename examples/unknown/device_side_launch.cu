// A kernel that launches a child grid from device code (dynamic parallelism, compiled with
// -rdc=true): the child runs concurrently with its parent and writes the same buffer the
// parent goes on writing. Launches from device code are not modelled: unknown. Before session
// 16 the launch was taken for a call whose arguments were evaluated, and the parent alone was
// proved.
// syncproof-args: --block 64 --grid 1 --extra-arg=-fgpu-rdc

__global__ void child(float* buf) { buf[threadIdx.x] = 2.0f; }

__global__ void parent(float* buf) {
  if (threadIdx.x == 0) child<<<1, 64>>>(buf);  // expected-unknown {{dynamic parallelism}}
  buf[threadIdx.x] = 1.0f;
}
