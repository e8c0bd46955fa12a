// A struct of integers assigned to another local whose address is taken (`q = p; P* r = &q;`):
// thread-private storage, which no other thread can reach. The trivial assignment records
// nothing there, as a write of private storage, and the kernel is proved.
// syncproof-args: --block 64 --grid 1
struct P { int a; int b; };
__global__ void k(int* out, int n) {
  // expected-no-diagnostics
  P p; p.a = 7; p.b = n;
  P q;
  q = p;
  P* r = &q;
  out[blockIdx.x * blockDim.x + threadIdx.x] = r->a;
}
