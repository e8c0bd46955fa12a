// Progress of concrete threads through their synchronization steps (no
// solver, no Clang): arrivals, bulk copies and waits on mbarriers, block,
// warp and named barriers (bar.arrive: an arrival that does not wait),
// counter signals and spin-waits, each thread in program order. Every
// thread runs as far as it can; a thread left at a wait is blocked in every
// execution, because the steps are monotone: an arrival, a delivered byte or
// a counter increment never makes a wait that could pass fail. Steps the
// caller leaves out only let threads run further, so a blocked thread stays
// a real deadlock; "no thread blocked" is a proof only for the steps listed.
#pragma once

#include "model/ir.h"

#include <cstdint>
#include <functional>
#include <string>
#include <map>
#include <tuple>
#include <vector>

namespace syncproof::checker {

// An mbarrier (block, region, byte offset with its generation) or a counter
// (block -1: global memory).
using SyncObject = std::tuple<int64_t, int, uint64_t>;

struct ProgressStep {
  enum Kind { Arrive, ExpectTx, Copy, MbarWait, Barrier, Signal, Await } kind;
  const model::Stmt *s = nullptr;
  SyncObject obj{};
  uint64_t phase = 0;        // Arrive, ExpectTx, Copy, MbarWait
  uint64_t count = 0;        // Arrive: arrivals; Signal: amount added
  uint64_t tx = 0;           // ExpectTx, Arrive, Copy: bytes
  int64_t barrier = 0;       // Barrier: which instance (the same for every thread at it)
  bool arriveOnly = false;   // Barrier: counts towards the instance without waiting for it (bar.arrive)
  std::function<bool(uint64_t)> exits;  // Await: does the spin end on this value?
  int seq = 0;               // position in the thread's program (for merging step lists)
};

struct ProgressThread {
  int64_t block = 0;
  uint64_t thread = 0;  // linear thread index in its block
  std::vector<ProgressStep> steps;
  std::string role;     // "warp 1: consumer" (traces), or empty
};

struct Progress {
  std::vector<size_t> at;                // per thread: the first step it cannot take (steps.size(): done)
  std::map<SyncObject, uint64_t> value;  // counters at the end
  bool blocked(size_t i, const std::vector<ProgressThread> &threads) const { return at[i] < threads[i].steps.size(); }
};

using ObjectName = std::function<std::string(const SyncObject &)>;

// "full+8": the region's name and the byte offset (without the generation
// of a re-initialised mbarrier, which the bookkeeping keeps above bit 40).
std::string syncObjectName(const model::Kernel &k, const SyncObject &o);

// "thread 32 (block 1) waits at line 47 for phase 1 of 'full'".
std::string blockedText(const ProgressThread &t, const ProgressStep &at, const ObjectName &name);

// The blocked threads, runs of consecutive threads blocked at the same step
// merged: "threads 32-159 (warps 1-4: consumer) wait forever at line 47 for
// phase 1 of 'full'". At most `max` lines.
std::vector<std::string> blockedSummary(const std::vector<ProgressThread> &threads, const Progress &pr,
                                        const ObjectName &name, size_t max);

// Why the wait `w` (of a thread of `block`) never completes: a blocked
// thread that still owes it an arrival, a signal or its arrival at the same
// barrier instance, and where that thread is blocked.
std::string owedBy(const std::vector<ProgressThread> &threads, const Progress &pr, int64_t block,
                   const ProgressStep &w, const ObjectName &name);

// `initCount`: the count each mbarrier was initialised with (objects absent
// from it are not judged: their waits pass).
Progress runProgress(const std::vector<ProgressThread> &threads, const std::map<SyncObject, uint64_t> &initCount);

}  // namespace syncproof::checker
