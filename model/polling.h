// Loops that poll memory (docs/model.md "Loops that poll memory").
//
// The checker takes a loop to end (encoding.md: termination is not proved).
// For a loop that re-reads memory another thread writes to decide whether to
// go on, ending is synchronization: it waits for that write, and a write that
// never comes (behind a barrier the waiting thread must pass, say) is a
// deadlock. The frontend turns the plain spin shapes on global memory into
// `Await`s (memory-model.md) and reports those on shared memory; this pass
// finds the other polling loops (a spin with other work in its body, a
// compare-and-swap lock, ...) and puts an `Unknown` statement before each.
#pragma once

#include "model/ir.h"

namespace syncproof::model {

// Before each loop whose exit depends on a value it loads inside the loop
// from a location written outside it — by a statement that is not an
// initialisation ordered before the loop by a __syncthreads() of the
// enclosing blocks (shared memory), or by any statement at all (global
// memory: other blocks run it at any time) — inserts an Unknown statement
// naming the location. Atomic adds of a non-zero constant inside the loop
// are claims that advance the loop itself (a work queue), not polls.
// Returns the number of loops marked. Call before Kernel::number().
unsigned markPollingLoops(Kernel &k);

}  // namespace syncproof::model
