// PMPP ch. 9 basic (non-privatized) text histogram, as first written by a student: each
// thread takes one character and bumps the global bin with ++ instead of atomicAdd.
// Bug: histo[b]++ is a plain read-modify-write; threads of one block and of different
// blocks that see letters of the same bin lose updates. Both the read/write and the
// write/write pair conflict (within a block and between blocks; each pair of accesses is
// reported once, here with the within-a-block counterexample): 2 findings.
// syncproof-args: --block 1:1024 --grid 1:65535 --param length=0:100000000

__global__ void histo_kernel(char* data, unsigned int length, unsigned int* histo) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < length) {
    int alphabet_position = data[i] - 'a';
    if (alphabet_position >= 0 && alphabet_position < 26) {
      histo[alphabet_position / 4]++;  // expected-race {{data race on 'histo' (global memory}}
      // expected-race@-1 {{data race on 'histo' (global memory}}
    }
  }
}
