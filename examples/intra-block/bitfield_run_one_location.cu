// Adjacent bit-fields are one memory location (C++ [intro.memory]): thread 0 updates `lo`
// while thread 1 updates `hi` of the same word, a data race (each store rewrites the bytes
// both fields share). Before session 16 a bit-field was the aligned 4 bytes around its first
// bit, so `lo` (bits 0-39) and `hi` (bits 40-63) were bytes 0-3 and 4-7, and it was proved.
// syncproof-args: --block 64 --grid 1

struct Packed {
  unsigned long long lo : 40;
  unsigned long long hi : 24;
};

__global__ void pack(unsigned long long* out) {
  __shared__ Packed w;
  if (threadIdx.x == 0) w.lo = 5;
  if (threadIdx.x == 1) w.hi = 7;  // expected-race {{write 'w.hi' conflicts with write 'w.lo'}}
  __syncthreads();
  if (threadIdx.x == 0) out[0] = w.lo + w.hi;
}
