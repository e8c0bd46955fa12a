// syncproof checker: model::Kernel -> proof obligations -> Z3 -> findings.
// This header is Z3-free; checker.cpp is the only file that includes Z3.
#pragma once

#include "model/finding.h"
#include "model/ir.h"

namespace syncproof::checker {

struct Options {
  model::LaunchShape launch;
  unsigned timeoutMs = 10000;  // per solver query; a timeout yields "unknown"
};

// Proves (or refutes) race freedom within and between blocks, barrier
// uniformity and __syncwarp mask discipline for one kernel.
model::KernelResult check(const model::Kernel &kernel, const Options &opts);

// The Z3 version string, for reports and certificates.
std::string solverVersion();

}  // namespace syncproof::checker
