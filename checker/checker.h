// syncproof checker: model::Kernel -> proof obligations -> Z3 -> findings.
// This header is Z3-free; checker.cpp is the only file that includes Z3.
#pragma once

#include "model/finding.h"
#include "model/ir.h"

#include <chrono>
#include <optional>

namespace syncproof::checker {

struct Options {
  model::LaunchShape launch;
  // Per solver query. The resource limit is Z3's deterministic work counter
  // (about 2.3 million units per second on the CI machine): verdicts do not
  // depend on machine load. The wall-clock timeout is a safety net. Either
  // running out yields "unknown".
  unsigned rlimit = 25000000;
  unsigned timeoutMs = 120000;
  // The wall-clock budget of one kernel instance in seconds (0: none): the
  // check stops when it runs out, `unknown` with the phase it reached
  // (check() sets `deadline` from it at its start).
  double budgetSeconds = 0;
  std::optional<std::chrono::steady_clock::time_point> deadline;
  // Milliseconds left before the deadline (none: `timeoutMs`), at most
  // `timeoutMs`; 0 when it has passed.
  unsigned queryTimeoutMs() const {
    if (!deadline) return timeoutMs;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - std::chrono::steady_clock::now()).count();
    return left <= 0 ? 0 : (unsigned)std::min<long long>(left, timeoutMs);
  }
  bool pastDeadline() const { return deadline && std::chrono::steady_clock::now() >= *deadline; }
};

// Proves (or refutes) race freedom within and between blocks, barrier
// uniformity and __syncwarp mask discipline for one kernel.
model::KernelResult check(const model::Kernel &kernel, const Options &opts);

// The Z3 version string, for reports and certificates.
std::string solverVersion();

}  // namespace syncproof::checker
