// The concrete prover: every thread of a fixed launch run on the model, no
// solver (docs/concrete.md).
//
// When the contract fixes the grid and the block, the thread and block
// indices are constants, and so is everything computed from them, from the
// fixed parameters and from tables whose contents are known (__constant__
// initializers, `--memory` files). If every branch, loop bound, address and
// synchronization operand of every thread is such a constant, each thread's
// sequence of operations is the same in every execution, and one execution
// with vector clocks decides the synchronization properties for all of them:
// happens-before is built only from edges every execution has (barrier
// instances, mbarrier phases whose arrivals are counted exactly, counter
// waits whose target needs a known set of signals), and the checks are those
// of the symbolic checker (races, barriers, mbarrier counts and parities,
// bulk copies, deadlock).
//
// The prover only proves. Anything it does not establish (a value read from
// memory deciding a branch, a construct outside its scope, a race, a thread
// left blocked) makes it give up with a reason, and the symbolic checker
// runs as before: findings, traces and `unknown`s keep coming from there.
#pragma once

#include "checker/checker.h"
#include "model/finding.h"

#include <optional>
#include <string>

namespace syncproof::checker {

struct ConcreteOutcome {
  bool proved = false;
  std::string whyNot;  // when not proved: the first reason, with its location
  uint64_t threads = 0, statements = 0;  // threads run, statements executed
  // Branches on unknown values that decide only when a thread waits, run on
  // their waiting side with waits that acquire nothing (concrete.md "Waits
  // that only time"); 0: every branch was a constant of the launch.
  uint64_t timingBranches = 0;
  // Decisions of timing loops on probes, over both runs (the one that waits
  // most and the one that waits least); 0: one run was enough.
  uint64_t timingLoopDecisions = 0;
  // When the run ended with every remaining thread blocked on an mbarrier
  // phase, a spin-wait or a barrier instance no finished thread could owe: a
  // deadlock of this execution, hence of the kernel (a definite violation).
  std::optional<model::Finding> deadlock;
  // When the run gave up on a race: the race, with both accesses (a second
  // run finds the earlier one's statement). Definite when the run is an
  // execution up to that point and no wait whose acquire the run leaves out
  // (waits that only time) could order the pair: then every execution has
  // the race, since every thread's operations are the same in all of them.
  std::optional<model::Finding> race;
  bool raceDefinite = false;
};

// maxWork: a smaller work budget than the prover's own (0: its own), for
// runs that only look for a violation (checker.cpp smallLaunchViolation).
ConcreteOutcome proveConcrete(const model::Kernel &kernel, const Options &opts, uint64_t maxWork = 0);

}  // namespace syncproof::checker
