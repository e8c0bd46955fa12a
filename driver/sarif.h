// SARIF 2.1.0 output (`syncproof check --format sarif`), rendered from the
// same driver::Report as text and JSON. Uses llvm::json only; no Clang, no Z3.
// The mapping from Finding to SARIF is documented in docs/sarif.md.
#pragma once

#include "driver/output.h"

#include <string>
#include <vector>

namespace syncproof::driver {

struct SarifOptions {
  // Directory the artifact URIs are relative to (uriBaseId "SRCROOT"); empty:
  // the current directory. Files outside it get absolute file:// URIs.
  std::string root;
  // The process exit code the run reports in invocations[0].exitCode.
  int exitCode = 0;
  // Input errors of files that could not be checked (batch mode); each
  // becomes an error notification, and executionSuccessful is then false.
  std::vector<std::string> errors;
};

std::string renderSarif(const Report &r, const SarifOptions &opts);

// The stable fingerprint of a finding (partialFingerprints
// "syncproofFinding/v1"): SHA-256 over rule id, kernel, repository-relative
// file and the message with every number replaced by '#', hex, first 32
// digits. Exposed for tests.
std::string sarifFingerprint(const std::string &ruleId, const std::string &kernel, const std::string &relFile,
                             const std::string &message);

}  // namespace syncproof::driver
