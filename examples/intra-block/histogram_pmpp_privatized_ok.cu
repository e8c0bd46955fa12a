// Until session 16 a false write/write race on 'histo_s' at the initialisation loop
// `for (unsigned bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x)`: the unsigned closed
// form 0 + k*3 wrapped modulo 2^32 (k = 2863311532). NUM_BINS + blockDim.x cannot wrap, so the
// counter is exact now (docs/encoding.md).
// PMPP ch. 9 text histogram with privatization: letters a..z counted into NUM_BINS bins of
// four letters each. Private bins in shared memory, initialised and committed by strided
// loops (any block size), atomicAdd on both levels, interleaved (grid-stride) input loop.
// syncproof-args: --block 1:1024 --grid 1:65535 --param length=0:100000000
// expected-no-diagnostics
#define NUM_BINS 7

__global__ void histo_private_kernel(char* data, unsigned int length, unsigned int* histo) {
  // Initialize privatized bins
  __shared__ unsigned int histo_s[NUM_BINS];
  for (unsigned int bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) {
    histo_s[bin] = 0u;
  }
  __syncthreads();
  // Histogram
  for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < length; i += blockDim.x * gridDim.x) {
    int alphabet_position = data[i] - 'a';
    if (alphabet_position >= 0 && alphabet_position < 26) {
      atomicAdd(&(histo_s[alphabet_position / 4]), 1);
    }
  }
  __syncthreads();
  // Commit to global memory
  for (unsigned int bin = threadIdx.x; bin < NUM_BINS; bin += blockDim.x) {
    unsigned int binValue = histo_s[bin];
    if (binValue > 0) {
      atomicAdd(&(histo[bin]), binValue);
    }
  }
}
