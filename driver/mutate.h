// `syncproof mutate`: mutation testing of a kernel's synchronization
// (docs/mutate.md). Each mutant of the file (frontend::mutations) is checked
// by a child `syncproof check` with the same contract; the table says which
// were killed (exit 1), left unknown, or survived (proved: a hole, unless
// the source marks the mutant as equivalent).
#pragma once

#include "frontend/frontend.h"

#include <string>
#include <vector>

namespace syncproof::driver {

struct MutateOptions {
  frontend::Options parse;             // the file, --extra-arg, -p, --cuda-path
  std::vector<std::string> checkArgs;  // passed to each child `syncproof check` (after --)
  std::vector<std::string> classes;    // only these mutation classes (empty: all)
  unsigned jobs = 1;                   // mutants checked at once
  unsigned timeoutSeconds = 600;       // per mutant: then `timeout` (counted as unknown)
  std::string format = "text";         // text or json
  std::string selfPath;                // this executable
  bool listOnly = false;               // print the mutants, check none
};

// Runs the mutants; returns the exit code (0: no surviving mutant that is
// not marked equivalent; 1: a survivor; 2: usage or input error).
int runMutate(const MutateOptions &o);

}  // namespace syncproof::driver
