// A CUTLASS-style PipelineState (index, phase, count with default member
// initializers) advanced by a method: a local struct whose methods only read and
// assign its fields is held field by field, so `st.advance()` updates the same
// variables the accesses use. The loop invariants index == k % 4 and
// phase == (k / 4) & 1 are proved by induction for every k_tiles.
// syncproof-args: --block 128 --grid 1:64 --param k_tiles=0:100000
// expected-no-diagnostics
template <int Stages> struct PipelineState {
  int index = 0;
  unsigned phase = 0;
  unsigned count = 0;
  __device__ void advance() {
    ++index;
    ++count;
    if (index == Stages) { index = 0; phase ^= 1; }
  }
};
__global__ void kloop(const float *in, float *out, unsigned *phases, int k_tiles) {
  __shared__ float tile[4][128];
  PipelineState<4> st;
  float acc = 0.f;
  for (int k = 0; k < k_tiles; ++k) {
    tile[st.index][threadIdx.x] = in[(size_t)k * 128 + threadIdx.x];
    __syncthreads();
    acc += tile[st.index][(threadIdx.x + 1) % 128];
    st.advance();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
  if (threadIdx.x == 0) phases[blockIdx.x] = st.phase;
}
