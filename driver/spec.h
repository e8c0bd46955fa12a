// Launch contracts: command-line flags and spec files (YAML, read with LLVM's
// YAML parser). docs/spec-format.md documents the format.
#pragma once

#include "model/finding.h"

#include <string>
#include <vector>

namespace syncproof::driver {

struct Spec {
  model::LaunchShape launch;
  std::vector<std::string> kernels;  // empty: applies to every kernel
};

// Parses "X[,Y[,Z]]" where each item is N or MIN:MAX. Returns false and sets
// `error` on malformed input.
bool parseDims(const std::string &text, uint64_t lo[3], uint64_t hi[3], uint64_t limitHi[3],
               std::string &error);

// Loads a spec file into `spec` (fields absent from the file keep their
// values). Returns false and sets `error` ("file:line:col: message").
bool loadSpec(const std::string &path, Spec &spec, std::string &error);

}  // namespace syncproof::driver
