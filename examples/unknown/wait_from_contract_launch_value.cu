// Thread 0 of each block spins until 'busy' is 0, and nothing in the kernel writes it. The
// contract says its element holds 1 when the kernel starts (an element range of [1, 1], as
// the host would set a "busy" flag): the spin never ends. syncproof models spin-waits from a
// launch value of 0, at which this one passes at once, so it proved the kernel; a wait on
// memory that the contract, an initializer or the contract's memory contents start at
// another value (or a range of values other than 0 alone) is now not modelled (unknown at the wait).
// syncproof-args: --grid 2 --block 32 --element-range busy=1:1
__global__ void drain(float* out, int* busy) {
  if (threadIdx.x == 0)
    while (atomicAdd(busy, 0) != 0) {  // expected-unknown {{whose elements the contract puts in [1, 1], not 0 alone; waits are modelled from a launch value of 0}}
    }
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = 0.0f;
}
