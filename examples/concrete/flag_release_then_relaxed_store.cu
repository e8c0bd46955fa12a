// BUG (data race on 'data'): thread 0 of block 0 writes data, publishes flag = 1 with a
// release store, and then stores 1 to the flag again with a RELAXED store. The waiter in
// block 1 can read its 1 from the second (relaxed) store: a plain store is not part of any
// release sequence / observation chain (PTX memory model: observation order goes only through
// atomic RMWs; C++20 removed same-thread stores from release sequences), so that read does
// not synchronize with the release and the read of data races with the write.
// Found by the second session-18 review: the concrete prover counted the later relaxed store
// as continuing the release (only read-modify-writes do) and proved it; it now gives up, and
// the symbolic checks leave it unknown.
// syncproof-args: --block 32 --grid 2 --cooperative
#include <cuda/atomic>
__global__ void k(int* data, unsigned* flag, int* out) {
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> f(*flag);
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    *data = 42;  // expected-unknown {{possible data race on 'data'}}
    f.store(1u, cuda::memory_order_release);
    f.store(1u, cuda::memory_order_relaxed);
  } else if (blockIdx.x == 1 && threadIdx.x == 0) {
    while (f.load(cuda::memory_order_acquire) == 0u) {}  // expected-unknown {{cannot prove that the wait on 'f' completes}}
    out[0] = *data;
  }
}
