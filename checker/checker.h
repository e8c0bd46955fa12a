// syncproof checker: model::Kernel -> proof obligations -> Z3 -> findings.
// This header is Z3-free; checker.cpp is the only file that includes Z3.
#pragma once

#include "model/finding.h"
#include "model/ir.h"

namespace syncproof::checker {

struct Options {
  model::LaunchShape launch;
  // Per solver query. The resource limit is Z3's deterministic work counter
  // (about 2.3 million units per second on the CI machine): verdicts do not
  // depend on machine load. The wall-clock timeout is a safety net. Either
  // running out yields "unknown".
  unsigned rlimit = 25000000;
  unsigned timeoutMs = 120000;
};

// Proves (or refutes) race freedom within and between blocks, barrier
// uniformity and __syncwarp mask discipline for one kernel.
model::KernelResult check(const model::Kernel &kernel, const Options &opts);

// The Z3 version string, for reports and certificates.
std::string solverVersion();

}  // namespace syncproof::checker
