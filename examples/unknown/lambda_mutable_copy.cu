// A mutable lambda and a copy of its closure: `g` keeps its own j = 2t + 1 while f() moves
// f's copy on, so g() returns 2t + 2, the neighbour's even slot (a race). The closure's
// copies are modelled once per creation, so a call through a copy of a mutable closure is
// not modelled: unknown. Found by the session-17 review (proved before: g() saw f's update).
// syncproof-args: --block 128 --grid 1

__global__ void mutable_copy(float* out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  unsigned j = 2 * t + 1;
  auto f = [=]() mutable { j = (j + 1) % 256; return j; };
  auto g = f;
  s[2 * t] = 1.0f;
  f();
  s[g()] = 2.0f;  // expected-unknown {{call of a mutable lambda through a copy of its closure}}
  __syncthreads();
  out[t] = s[t];
}
