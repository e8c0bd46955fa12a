// Benchmark of the language server's re-check (docs/results.md, "Language
// server re-check"). Runs the server core (driver::lsp::checkDocument, what
// the worker thread runs for each document version) on a kernel file:
//   1. first check (cold: CUDA headers parsed, preamble built, every kernel solved)
//   2. re-check of the unchanged text
//   3. re-check after an edit inside one kernel (its model changes)
//   4. re-check after inserting a line above later kernels (their lines move)
//   5. the same edit as 3 without the caches (a fresh document state)
// Usage: lsp_recheck FILE.cu [EDIT_FROM EDIT_TO] [repeats]
//   EDIT_FROM/EDIT_TO: a unique piece of text of FILE and its replacement for
//   edit 3 (default: the block_reverse index of tests/lsp/kernels300.cu).
#include "driver/lsp_core.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <unistd.h>
#include <fstream>
#include <sstream>
#include <string>

using namespace syncproof::driver::lsp;

static CheckResult run(DocumentState &st, const std::string &path, const std::string &text, int version) {
  ServerOptions opts;
  CheckResult r = checkDocument(opts, st, path, text, version);
  unsigned findings = 0;
  for (auto &k : r.kernels) findings += k.findings.size();
  std::printf("  %-44s total %6.3f s  parse %6.3f s  headers %-6s  kernels %2zu (reused %2u)  findings %u%s%s\n",
              "", r.totalSeconds, r.parseSeconds, r.reusedPreamble ? "reused" : "parsed", r.kernels.size(),
              r.kernelsReused, findings, r.ok ? "" : "  ERROR: ", r.ok ? "" : r.error.c_str());
  return r;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: lsp_recheck FILE.cu [EDIT_FROM EDIT_TO]\n");
    return 2;
  }
  std::string path = argv[1];
  if (path[0] != '/') {
    char buf[4096];
    if (getcwd(buf, sizeof buf)) path = std::string(buf) + "/" + path;
  }
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  int repeats = argc >= 5 ? std::atoi(argv[4]) : argc == 3 ? std::atoi(argv[2]) : 9;
  std::string from = argc >= 4 ? argv[2] : "out[base + t] = s[255 - t];";
  std::string to = argc >= 4 ? argv[3] : "out[base + t] = s[(255 - t) % 256];";
  size_t at = text.find(from);
  if (text.empty() || at == std::string::npos) {
    std::fprintf(stderr, "lsp_recheck: cannot read '%s' or find the edit text in it\n", path.c_str());
    return 2;
  }
  std::string edited = text;
  edited.replace(at, from.size(), to);
  // Edit 4: a new line above the edited kernel (every later kernel moves down).
  std::string inserted = edited;
  size_t kernelStart = inserted.rfind("__global__", at);
  inserted.insert(kernelStart, "// a new comment line\n");

  DocumentState st;
  std::printf("%s (%zu bytes)\n", path.c_str(), text.size());
  std::printf("1. first check\n");
  run(st, path, text, 1);
  std::printf("2. re-check, text unchanged\n");
  run(st, path, text, 2);
  std::printf("3. re-check after an edit inside one kernel\n");
  run(st, path, edited, 3);
  std::printf("4. re-check after inserting a line above it\n");
  run(st, path, inserted, 4);
  // Repeated edits: the text alternates between the original and the edit,
  // so every re-check solves the edited kernel again (only the kernels of
  // the last version are remembered).
  std::vector<double> totals;
  for (int i = 0; i < repeats; ++i) {
    std::printf("3'. re-check after an edit inside one kernel, repeat %d\n", i + 1);
    totals.push_back(run(st, path, i % 2 ? edited : text, 10 + i).totalSeconds);
  }
  if (!totals.empty()) {
    std::sort(totals.begin(), totals.end());
    std::printf("re-check after an edit inside one kernel: median %.3f s, min %.3f s, max %.3f s over %zu\n",
                totals[totals.size() / 2], totals.front(), totals.back(), totals.size());
  }
  std::printf("5. the edited text in a fresh document state (no preamble, no cached kernels)\n");
  DocumentState fresh;
  run(fresh, path, edited, 5);
  return 0;
}
