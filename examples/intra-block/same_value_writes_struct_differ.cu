// The twin of same_value_writes_struct.cu: one field holds threadIdx.x, so two threads store
// different values in it (a race, confirmed); the other field is one value (possible).
// syncproof-args: --block 128 --grid 1
struct P { int a; int b; };
__global__ void k(int* out) {
  __shared__ P s[2];
  P p; p.a = 7; p.b = threadIdx.x;
  s[0] = p;  // expected-race {{data race on 's'}} expected-unknown {{possible data race on 's'}}
  __syncthreads();
  out[threadIdx.x] = s[0].b;
}
