// vLLM's reshape_and_cache shape: block b reads slot = slot_mapping[b] (memory no thread
// writes) and writes cache[slot * 128 + t]. Two blocks write the same element only if
// slot_mapping repeats a value (or holds values so large that the index arithmetic wraps).
// The host's slot allocator never does that, but the contract leaves the input free, so the
// race is real for some input: a violation whose message names the input it needs.
// syncproof-args: --grid 1:65535 --block 128
__global__ void scatter(const long long *slot_mapping, float *cache, const float *src) {
  long long slot = slot_mapping[blockIdx.x];
  if (slot < 0) return;  // padding
  cache[slot * 128 + threadIdx.x] = src[blockIdx.x * 128 + threadIdx.x];  // expected-race {{for inputs in which two different elements of 'slot_mapping' hold equal values}}
}
