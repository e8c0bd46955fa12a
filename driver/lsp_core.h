// The language server's core, independent of the protocol (like clangd's
// ClangdServer / TUScheduler split): open documents and their versions,
// debounced re-checks on one worker thread, stale results dropped, one
// ParseSession per document (its parsed headers kept), configuration found
// next to the file. It returns model findings; driver/lsp.cpp turns them
// into LSP messages. Uses LLVM Support only.
#pragma once

#include "driver/spec.h"
#include "frontend/frontend.h"
#include "model/finding.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace syncproof::driver::lsp {

struct ServerOptions {
  unsigned debounceMs = 300;       // a change is checked this long after the last edit
  unsigned rlimit = 25000000;      // checker::Options::rlimit per solver query
  unsigned timeoutMs = 20000;      // checker::Options::timeoutMs per solver query
  std::string cudaPath;            // frontend::Options::cudaPath
  std::vector<std::string> extraArgs;  // appended to every Clang command line
  // Test hook: a check of a text containing this string crashes (SIGSEGV)
  // inside the worker, to show that the server survives. Empty: off.
  std::string crashMarker;
  // Fuzzing hook (tests/fuzz/lsp_fuzzer.cpp): documents are kept but never
  // checked, so that only the protocol's framing and JSON are exercised.
  bool checks = true;
  // A document's own contract (`// syncproof-args: FLAGS`, spec-format.md
  // "In the source"), used when no `.syncproof.yaml` applies: fills `spec`
  // and `extraArgs` from the flags in `text` (written to `flags`), or sets
  // `error`; returns the line of the comment, 0 when there is none. Unset:
  // not read.
  std::function<unsigned(const std::string &path, const std::string &text, Spec &spec,
                         std::vector<std::string> &extraArgs, std::string &flags, std::string &error)>
      sourceContract;
};

// Configuration found like clangd finds compile_commands.json: in the
// file's directory or a parent, or in a `build/` subdirectory of one.
// Returns the directory holding compile_commands.json, or "".
std::string findCompileCommandsDir(const std::string &file);
// The nearest `.syncproof.yaml` in the file's directory or a parent, or "".
std::string findSpecFile(const std::string &file);

// What a document keeps between checks: its parsed headers and the results
// of its kernels by model fingerprint (a kernel whose model did not change,
// up to a shift of its lines, is not solved again).
struct DocumentState {
  frontend::ParseSession session;
  struct Cached {
    model::KernelResult result;
    unsigned line = 0;  // the kernel's line when it was checked
  };
  std::map<std::string, Cached> results;
};

// A key of everything the checker reads of a kernel under a contract;
// locations in `mainFile` relative to the kernel's line.
std::string kernelFingerprint(const model::Kernel &k, const std::string &mainFile, const model::LaunchShape &launch,
                              unsigned rlimit, unsigned timeoutMs);

// What one check of one document version produced.
struct CheckResult {
  std::string path;     // absolute path of the document
  int64_t version = 0;  // the version that was checked
  std::string text;     // the text that was checked (for positions)
  bool ok = false;      // parsed and checked
  std::string error;    // !ok: a one-line reason (parse error, bad spec, crash)
  std::vector<frontend::ClangDiag> clangDiags;  // Clang's errors in the text
  std::vector<model::KernelResult> kernels;
  std::string compileCommandsDir;  // configuration used ("" = none)
  std::string specFile;
  // Where each kernel's contract came from when no spec file applies (the
  // document's `// syncproof-args:` line, its host launches, or none): an
  // informational note at the kernel.
  std::vector<std::pair<model::SourceLoc, std::string>> contractNotes;
  bool reusedPreamble = false;  // the parsed headers of an earlier check were reused
  unsigned kernelsReused = 0;   // results taken from the previous check (model unchanged)
  double parseSeconds = 0, totalSeconds = 0;
};

// One check of `text` as the contents of `path`, synchronously: finds the
// configuration, parses through state.session (keeping its headers), checks
// every kernel whose model changed. Never throws; a crash inside is not caught here (the
// Workspace catches it). `cancelled` (optional) is polled between kernels.
CheckResult checkDocument(const ServerOptions &opts, DocumentState &state, const std::string &path,
                          const std::string &text, int64_t version,
                          const std::function<bool()> &cancelled = nullptr);

// Open documents and the worker that checks them.
class Workspace {
public:
  // Called on the worker thread with each fresh (not stale) result; also
  // called with an empty result (ok, no kernels) when a document closes.
  using Publish = std::function<void(const CheckResult &)>;
  Workspace(ServerOptions opts, Publish publish);
  ~Workspace();  // stops the worker after the check in progress
  Workspace(const Workspace &) = delete;
  Workspace &operator=(const Workspace &) = delete;

  void open(const std::string &path, std::string text, int64_t version);  // checked at once
  void change(const std::string &path, std::string text, int64_t version);  // checked after the debounce
  void save(const std::string &path, std::optional<std::string> text);  // checked at once
  void close(const std::string &path);
  std::optional<std::string> text(const std::string &path) const;  // an open document's text

  // Blocks until no check is pending or running, or the timeout passes.
  bool waitIdle(std::chrono::milliseconds timeout);
  unsigned checksRun() const;      // checks finished (published or dropped)
  unsigned checksDropped() const;  // results dropped as stale

private:
  struct Doc {
    std::string text;
    int64_t version = 0;
    bool pending = false;
    std::chrono::steady_clock::time_point due;
    std::shared_ptr<DocumentState> state;
  };
  void schedule(Doc &d, std::chrono::milliseconds delay);
  void run();

  ServerOptions opts;
  Publish publish;
  mutable std::mutex mu;
  std::condition_variable cv;
  std::map<std::string, Doc> docs;
  std::string running;  // path of the check in progress
  bool stopping = false;
  unsigned nRun = 0, nDropped = 0;
  std::thread worker;
};

}  // namespace syncproof::driver::lsp
