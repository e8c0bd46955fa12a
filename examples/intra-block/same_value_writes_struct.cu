// Every thread assigns one struct to s[0]: a constant one, one built from a kernel parameter,
// and a nested one from a brace list. The trivial copy assignment stores each field, and every
// thread stores the same bytes: possible races (unknown), not violations (docs/memory-model.md
// "Writes of one value"). The twin same_value_writes_struct_differ.cu stores threadIdx.x.
// syncproof-args: --block 128 --grid 1
struct P { int a; int b; };
struct Q { P p; short c; short d; };
__global__ void k(int* out, int n) {
  __shared__ P s[2];
  __shared__ Q q;
  P p; p.a = 7; p.b = n;
  s[0] = p;  // expected-unknown {{possible data race on 's'}} expected-unknown {{possible data race on 's'}}
  q = Q{{1, 2}, 3, 4};  // expected-unknown {{possible data race on 'q'}} expected-unknown {{possible data race on 'q'}} expected-unknown {{possible data race on 'q'}} expected-unknown {{possible data race on 'q'}}
  __syncthreads();
  out[threadIdx.x] = s[0].b + q.c;
}
