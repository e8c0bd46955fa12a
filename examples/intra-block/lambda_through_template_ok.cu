// A `[&]` lambda passed by value to a template helper that calls it (the STL style of
// `for_each(f)`): each thread bumps its own counter and then writes its own slot. Before
// session 17 this crashed the front end (found by the session-17 review): `return f();`
// inlined the call while holding a reference to the returning frame, and the frame stack
// moved under it.
// syncproof-args: --block 128 --grid 1
// expected-no-diagnostics

template <class F> __device__ unsigned apply(F f) { return f(); }

__global__ void through_template(unsigned* out) {
  __shared__ unsigned s[128];
  unsigned t = threadIdx.x;
  unsigned j = t;
  auto bump = [&]() { j = j + 1; return j; };
  s[t] = apply(bump) - 1;
  __syncthreads();
  out[t] = s[127 - t];
}
