// The twin of scatter_index_array_race.cu whose race needs nothing of the input: every block
// reads the same element slot_mapping[0], so every block writes the same cache row whatever
// the array holds. A violation whose message names no input.
// syncproof-args: --grid 1:65535 --block 128
__global__ void scatter(const long long *slot_mapping, float *cache, const float *src) {
  long long slot = slot_mapping[0];
  if (slot < 0) return;
  cache[slot * 128 + threadIdx.x] = src[blockIdx.x * 128 + threadIdx.x];  // expected-race {{data race on 'cache'}}
}
