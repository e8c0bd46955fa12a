// A fan-in: blocks b > 0 publish partial[b] and count on cnt[1]; block 0 waits until the
// count reaches gridDim.x - 1 and sums the partials. Bug: the wait reads cnt[0] and cnt[1]
// as one 64-bit value, in which cnt[1] is the high half: the first contribution alone makes
// it 2^32 >= gridDim.x - 1, so block 0 reads the other partials unordered. Before session 14
// the wait was matched with the adds because its bytes overlap them (proved); now only a wait
// that reads exactly the counter's bytes counts its signals. Since session 19 the 64-bit read
// and the 32-bit adds are also a race of their own: strong accesses are morally strong only
// when they cover the same bytes.
// syncproof-args: --block 256 --grid 1:65535

__global__ void fan_in(const float* in, float* partial, unsigned* cnt, float* out) {
  unsigned b = blockIdx.x, t = threadIdx.x;
  if (b > 0) {
    if (t == 0) {
      partial[b] = in[b];  // expected-race {{write 'partial[b]' conflicts with read 'partial[i]'}}
      __threadfence();
      atomicAdd(&cnt[1], 1u);  // expected-race {{atomic 'cnt[1]' conflicts with read '*(volatile unsigned long long*)cnt'}}
    }
  } else {
    if (t == 0) {
      while (*(volatile unsigned long long*)cnt < gridDim.x - 1) {
      }
      __threadfence();
    }
    __syncthreads();
    float s = 0.0f;
    for (unsigned i = t + 1; i < gridDim.x; i += 256)
      s += partial[i];
    out[t] = s;
  }
}
