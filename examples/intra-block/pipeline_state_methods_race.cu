// pipeline_state_methods_ok.cu reading the slot that the next iteration fills:
// `tile[(st.index + 1) % 4]` is written by iteration k + 1 before its barrier,
// with no barrier after this read. A definite race: the state's fields are
// variables (the method only assigns them) and index == k % 4 by induction.
// syncproof-args: --block 128 --grid 1:64 --param k_tiles=0:100000
template <int Stages> struct PipelineState {
  int index = 0;
  unsigned phase = 0;
  __device__ void advance() {
    ++index;
    if (index == Stages) { index = 0; phase ^= 1; }
  }
};
__global__ void kloop(const float *in, float *out, int k_tiles) {
  __shared__ float tile[4][128];
  PipelineState<4> st;
  float acc = 0.f;
  for (int k = 0; k < k_tiles; ++k) {
    tile[st.index][threadIdx.x] = in[(size_t)k * 128 + threadIdx.x];  // expected-race {{conflicts with read 'tile[(st.index + 1) % 4][(threadIdx.x + 1) % 128]'}}
    __syncthreads();
    acc += tile[(st.index + 1) % 4][(threadIdx.x + 1) % 128];
    st.advance();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}
