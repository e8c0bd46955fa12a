// Renders the one Finding/Trace model to text (Clang style) and JSON, and
// prints models. Uses LLVM Support (llvm::json); no Clang, no Z3.
#pragma once

#include "model/finding.h"
#include "model/ir.h"

#include <string>
#include <vector>

namespace syncproof::driver {

struct Report {
  std::string toolVersion;
  std::string solverVersion;
  std::vector<std::string> files;
  std::vector<model::KernelResult> kernels;
  // Crashes recovered while checking ("in the checker at FILE:LINE (kernel
  // 'k')"): reported on stderr, exit 2; the other kernels keep their verdicts.
  std::vector<std::string> internalErrors;
};

model::Verdict overallVerdict(const Report &r);
int exitCodeFor(model::Verdict v);  // 0 proved, 1 violations, 3 unknown

std::string renderText(const Report &r, bool color);
// `errors`: inputs that could not be checked (batch mode); the overall
// verdict is then "error" (exit 2) and they are listed.
std::string renderJson(const Report &r, const std::vector<std::string> &errors = {});

std::string modelText(const model::Kernel &k);
std::string modelJson(const std::vector<model::Kernel> &ks);

}  // namespace syncproof::driver
