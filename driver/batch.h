// Batch mode (`syncproof check -j N FILE...`): every file is parsed and
// checked on its own (its own Clang invocation and Z3 contexts), N at a time,
// and the results are put back together in the order the files were given,
// whatever N is. See README ("Batch mode") and docs/design.md.
#pragma once

#include "driver/pipeline.h"

#include <functional>
#include <string>
#include <vector>

namespace syncproof::driver {

struct BatchFile {
  std::string file;
  bool ok = false;     // false: an input error (error says why; exit code 2)
  std::string error;   // one line
  Report report;       // this file's kernels (empty when !ok)
  double seconds = 0;  // wall time of this file (parse + check)
};

struct BatchResult {
  std::vector<BatchFile> files;  // in the order given
  Report merged;                 // all kernels of all files, in that order
  std::vector<std::string> errors;  // "FILE: error" lines, in file order, plus batch-wide errors
  double wallSeconds = 0;
};

// Runs `req` once per file of req.frontend.files with `jobs` workers (0: one
// per hardware thread). `onFileDone(i)` is called on the calling thread for
// file i, strictly in file order, as soon as files 0..i are done (so text
// output can stream in a deterministic order). `progress`: print a one-line
// progress indicator on stderr (only meant for a terminal).
BatchResult runBatch(const CheckRequest &req, unsigned jobs, bool progress,
                     const std::function<void(const BatchResult &, size_t)> &onFileDone = {});

// The exit code of a batch: 2 if any input error, else the worst verdict
// (violations 1 > unknown 3 > proved 0).
int batchExitCode(const BatchResult &b);

// The summary table for text output: one row per kernel (file, kernel,
// verdict, findings, seconds), one row per file that failed, and a total line.
std::string renderBatchSummary(const BatchResult &b);

// The whole `check -j N` command: runs the batch, prints per-file text
// diagnostics (streamed, in file order) and the summary table, or one JSON or
// SARIF report for all files, errors on stderr; returns the exit code.
int runBatchCommand(const CheckRequest &req, unsigned jobs, const std::string &format, const std::string &sarifRoot);

}  // namespace syncproof::driver
