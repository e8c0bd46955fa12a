// The CUDA samples' mergeSort shape: each thread ranks its key in a sorted input array by
// binary search (`pos = newPos` when the probe is smaller) and writes s[pos + t]. Whether two
// threads' pos + t meet depends on the keys (with keys in order, as mergeSort's are, they do
// not), and the loop's result is a value its invariants bound, not the value the search finds.
// A possible race (unknown) that names the loop's value, not a violation; and, as the loop's
// bound pos <= 256 is not among the invariants, a possible access past the array's end.
// syncproof-args: --block 256 --grid 1:1024
__global__ void rank_scatter(const unsigned *sorted, const unsigned *keys, unsigned *out) {
  __shared__ unsigned s[512];
  unsigned t = threadIdx.x;
  unsigned v = keys[blockIdx.x * 256 + t];
  unsigned pos = 0;
  for (unsigned stride = 256; stride > 0; stride >>= 1) {
    unsigned np = pos + stride < 256 ? pos + stride : 256;
    if (sorted[np - 1] < v) pos = np;
  }
  s[pos + t] = v;  // expected-unknown {{possible data race on 's'}} expected-unknown {{may lie outside 's'}}
  __syncthreads();
  out[blockIdx.x * 512 + t] = s[t];
  out[blockIdx.x * 512 + 256 + t] = s[256 + t];
}
