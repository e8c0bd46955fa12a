#include "driver/batch.h"

#include "driver/sarif.h"

#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <set>

namespace syncproof::driver {

namespace {


struct FileSelection {
  std::set<std::string> kernels;  // names and display names of the kernels extracted
  std::set<std::string> params;   // names of their scalar parameters
};

std::string fmtSeconds(double s) {
  char buf[32];
  snprintf(buf, sizeof buf, "%.2f", s);
  return buf;
}

}  // namespace

BatchResult runBatch(const CheckRequest &req, unsigned jobs, bool progress,
                     const std::function<void(const BatchResult &, size_t)> &onFileDone) {
  auto t0 = std::chrono::steady_clock::now();
  BatchResult b;
  const auto &files = req.frontend.files;
  size_t n = files.size();
  b.files.resize(n);
  std::vector<FileSelection> selected(n);
  std::vector<char> done(n, 0);
  std::mutex m;
  std::condition_variable cv;
  std::atomic<size_t> next{0};
  size_t finished = 0;

  auto work = [&]() {
    for (;;) {
      size_t i = next++;
      if (i >= n) return;
      auto start = std::chrono::steady_clock::now();
      CheckRequest one = req;
      one.frontend.files = {files[i]};
      if (auto it = req.fileSpecs.find(files[i]); it != req.fileSpecs.end()) {
        one.spec = it->second;
        one.hostLaunches = false;  // (the file's own contract)
      }
      if (auto it = req.fileExtraArgs.find(files[i]); it != req.fileExtraArgs.end())
        one.frontend.extraArgs.insert(one.frontend.extraArgs.end(), it->second.begin(), it->second.end());
      one.lenientSelection = true;
      BatchFile bf;
      bf.file = files[i];
      frontend::Result parsed;
      bf.ok = runCheck(one, bf.report, bf.error, &parsed);
      if (bf.ok)
        for (const auto &k : parsed.module.kernels) {
          selected[i].kernels.insert(k.name);
          selected[i].kernels.insert(k.displayName);
          for (const auto &p : k.params)
            if (p.kind == model::Param::Kind::Scalar) selected[i].params.insert(p.name);
        }
      bf.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      {
        std::lock_guard<std::mutex> lock(m);
        b.files[i] = std::move(bf);
        done[i] = 1;
        ++finished;
      }
      cv.notify_all();
    }
  };

  unsigned workers = jobs ? jobs : std::max(1u, llvm::thread::hardware_concurrency());
  workers = (unsigned)std::min<size_t>(workers, std::max<size_t>(n, 1));
  std::vector<llvm::thread> pool;
  for (unsigned w = 0; w < workers && n; ++w) pool.emplace_back(std::optional<unsigned>(kCheckStackBytes), work);

  b.merged.toolVersion = SYNCPROOF_VERSION;
  b.merged.solverVersion = checker::solverVersion();
  b.merged.files = files;
  size_t emitted = 0, shown = (size_t)-1;
  while (emitted < n) {
    std::unique_lock<std::mutex> lock(m);
    cv.wait(lock, [&] { return done[emitted] || (progress && finished != shown); });
    size_t fin = finished;
    bool ready = done[emitted];
    lock.unlock();
    if (progress && fin != shown) {
      shown = fin;
      fprintf(stderr, "\r\033[Ksyncproof: %zu of %zu files checked", fin, n);
      fflush(stderr);
    }
    if (!ready) continue;
    // File `emitted` is final: no worker touches b.files[emitted] again.
    BatchFile &bf = b.files[emitted];
    if (bf.ok) {
      for (const auto &k : bf.report.kernels) b.merged.kernels.push_back(k);
      for (const auto &e : bf.report.internalErrors) b.errors.push_back(bf.file + ": internal error " + e + "; please report");
    } else {
      b.errors.push_back(bf.file + ": " + bf.error);
    }
    if (onFileDone) {
      if (progress) { fprintf(stderr, "\r\033[K"); fflush(stderr); shown = (size_t)-1; }
      onFileDone(b, emitted);
    }
    ++emitted;
  }
  for (auto &t : pool) t.join();
  if (progress) { fprintf(stderr, "\r\033[K"); fflush(stderr); }

  // What one invocation over all files would have rejected: a --kernel name
  // or a parameter range that matches in no file.
  for (const auto &want : req.frontend.kernelNames)
    if (std::none_of(selected.begin(), selected.end(), [&](const FileSelection &s) { return s.kernels.count(want); }))
      b.errors.push_back("no kernel named '" + want + "' in the input");
  for (const auto &pr : req.spec.launch.paramRanges)
    if (std::none_of(selected.begin(), selected.end(), [&](const FileSelection &s) { return s.params.count(pr.name); }))
      b.errors.push_back("no scalar parameter named '" + pr.name + "' in the checked kernels");
  b.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return b;
}

int batchExitCode(const BatchResult &b) {
  if (!b.errors.empty()) return 2;
  return exitCodeFor(overallVerdict(b.merged));
}

std::string renderBatchSummary(const BatchResult &b) {
  std::vector<std::vector<std::string>> rows = {{"FILE", "KERNEL", "VERDICT", "FINDINGS", "SECONDS"}};
  size_t proved = 0, violations = 0, unknown = 0, findings = 0, failed = 0, nkernels = 0;
  double cpu = 0;
  for (const auto &f : b.files) {
    if (!f.ok) {
      rows.push_back({f.file, "-", "error", "-", fmtSeconds(f.seconds)});
      ++failed;
      cpu += f.seconds;
      continue;
    }
    if (f.report.kernels.empty()) rows.push_back({f.file, "-", "no kernels", "0", fmtSeconds(f.seconds)});
    for (const auto &k : f.report.kernels) {
      rows.push_back({f.file, k.kernel, model::verdictName(k.verdict), std::to_string(k.findings.size()),
                      fmtSeconds(k.parseSeconds + k.solveSeconds)});
      ++nkernels;
      findings += k.findings.size();
      (k.verdict == model::Verdict::Proved ? proved : k.verdict == model::Verdict::Violations ? violations : unknown)++;
    }
    cpu += f.seconds;
  }
  size_t width[5] = {0, 0, 0, 0, 0};
  for (const auto &r : rows)
    for (size_t c = 0; c < 5; ++c) width[c] = std::max(width[c], r[c].size());
  std::string out;
  for (const auto &r : rows) {
    std::string line;
    for (size_t c = 0; c < 5; ++c) {
      bool right = c >= 3;
      std::string pad(width[c] - r[c].size(), ' ');
      line += (c ? "  " : "") + (right ? pad + r[c] : r[c] + (c == 4 ? "" : pad));
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  out += "total: " + std::to_string(b.files.size()) + " file" + (b.files.size() == 1 ? "" : "s") + ", " +
         std::to_string(nkernels) + " kernel" + (nkernels == 1 ? "" : "s") + ": " + std::to_string(proved) +
         " proved, " + std::to_string(violations) + " violations, " + std::to_string(unknown) + " unknown, " +
         std::to_string(failed) + " input error" + (failed == 1 ? "" : "s") + "; " + std::to_string(findings) +
         " finding" + (findings == 1 ? "" : "s") + "; " + fmtSeconds(cpu) + " s checking, " +
         fmtSeconds(b.wallSeconds) + " s wall; verdict: " +
         (b.errors.empty() ? model::verdictName(overallVerdict(b.merged)) : "input error") + "\n";
  return out;
}

int runBatchCommand(const CheckRequest &req, unsigned jobs, const std::string &format, const std::string &sarifRoot) {
  bool text = format == "text";
  bool color = text && llvm::sys::Process::StandardOutHasColors() && llvm::sys::Process::FileDescriptorIsDisplayed(1);
  bool progress = llvm::sys::Process::FileDescriptorIsDisplayed(2);
  bool filtered = !req.frontend.kernelNames.empty();
  BatchResult b = runBatch(req, jobs, progress, [&](const BatchResult &br, size_t i) {
    const BatchFile &f = br.files[i];
    if (!f.ok) {
      llvm::errs() << "syncproof: error: " << f.file << ": " << f.error << "\n";
      llvm::errs().flush();
      return;
    }
    if (!text) return;
    if (f.report.kernels.empty()) {
      if (!filtered) llvm::outs() << f.file << ": no __global__ kernels found; nothing was proved\n";
    } else {
      llvm::outs() << renderText(f.report, color);
    }
    llvm::outs().flush();
  });
  // Batch-wide errors (a --kernel or --param that matched nowhere).
  size_t failed = std::count_if(b.files.begin(), b.files.end(), [](const BatchFile &f) { return !f.ok; });
  for (size_t i = failed; i < b.errors.size(); ++i) llvm::errs() << "syncproof: error: " << b.errors[i] << "\n";
  int rc = batchExitCode(b);
  if (format == "json") {
    llvm::outs() << renderJson(b.merged, rc == 2 ? b.errors : std::vector<std::string>{});
  } else if (format == "sarif") {
    SarifOptions so;
    so.root = sarifRoot;
    so.exitCode = rc;
    so.errors = b.errors;
    llvm::outs() << renderSarif(b.merged, so);
  } else {
    llvm::outs() << "\n" << renderBatchSummary(b);
  }
  llvm::outs().flush();
  return rc;
}

}  // namespace syncproof::driver
