// C derives from A and B: B's member b lies at byte 4 of each 12-byte element. Thread t writes
// s[t].b (byte 12t + 4) and reads int 3t + 4 (byte 12t + 16 = s[t + 1].b), which thread t + 1
// writes: a race. Before session 15 the second base's offset was lost (s[t].b at 12t + 0) and
// the kernel was proved; a base conversion that moves the address is now not modelled.
// syncproof-args: --block 128 --grid 1:65535

struct A {
  int a;
};
struct B {
  int b;
};
struct C : A, B {
  int c;
};

__global__ void second_base(int* out) {
  __shared__ C s[129];
  unsigned t = threadIdx.x;
  s[t].b = 1;  // expected-unknown {{a conversion to a base class that is not at offset 0}}
  out[blockIdx.x * 128 + t] = ((int*)s)[3 * t + 4];
}
