// Every thread stores blockIdx.x to out[0]: one value within a block (a possible race there),
// but blocks 0 and 1 store different values, a race between blocks. The pair is asked again
// between blocks after the same-value finding within one.
// syncproof-args: --block 64 --grid 4
__global__ void k(int* out) {
  out[0] = blockIdx.x;  // expected-race {{data race on 'out' (global memory, between blocks)}} expected-unknown {{possible data race on 'out' (global memory, within a block)}}
}
