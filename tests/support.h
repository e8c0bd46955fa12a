// Helpers shared by the tests: run the syncproof binary, read files.
#pragma once

#include <string>
#include <vector>

namespace syncproof::test {

struct RunResult {
  int exitCode = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

// Runs the syncproof binary with `args` (each passed as one argument).
RunResult runSyncproof(const std::vector<std::string> &args);

std::string readFile(const std::string &path);
std::string sourceDir();
// Writes `text` to a fresh temporary file with the given suffix; returns its path.
std::string writeTemp(const std::string &text, const std::string &suffix);

}  // namespace syncproof::test
