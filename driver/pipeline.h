// The check pipeline shared by every front door (the command line, batch
// mode, the language server, the gate): files -> frontend -> checker ->
// Report. No output formatting here; the caller renders the Report.
#pragma once

#include <map>

#include "checker/checker.h"
#include "driver/output.h"
#include "driver/spec.h"
#include "frontend/frontend.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace syncproof::driver {

struct CheckRequest {
  frontend::Options frontend;  // files, -p, --extra-arg, --kernel, CUDA path
  Spec spec;                   // launch contract (flags already merged in)
  checker::Options checker;    // solver limits (launch is taken from spec)
  // Batch mode checks one file at a time: a --kernel name or a parameter
  // range need not match in every file (runBatch checks that each matches in
  // some file). Parameter ranges that do match must still fit their types.
  bool lenientSelection = false;
  // If set, parses through this session (one file; its parsed headers are
  // kept between checks: the language server). Else frontend::parse.
  frontend::ParseSession *session = nullptr;
  // Files that carry their own contract (a `// syncproof-args:` line, read
  // when the command line gives none): checked one at a time with it
  // (runBatch), instead of `spec`. docs/spec-format.md "In the source".
  std::map<std::string, Spec> fileSpecs;
  // Their Clang arguments (`--extra-arg` in the same line), added to
  // frontend.extraArgs for that file.
  std::map<std::string, std::vector<std::string>> fileExtraArgs;
  // No contract given (command line, spec, the file's own line): a kernel
  // whose every launch in the host code of its file has constant grid and
  // block is checked under those launches (docs/spec-format.md "Launches in
  // the host code").
  bool hostLaunches = false;
};

// The launch shape of `k`'s host launches (model::Kernel::hostLaunches) on
// top of `base`: nullopt when it has none, or one whose shape is not a
// constant (`why` then says which). `from` lists the launch sites.
std::optional<model::LaunchShape> hostLaunchShape(const model::Kernel &k, const model::LaunchShape &base,
                                                  std::string &from, std::string &why);

// The distinct launches of `k`'s host code that run, each a shape on top of
// `base` (its constant integer arguments exact), when every launch is read
// and there are 2 to kMaxLaunchesEach of them: each is checked by itself
// (the range hostLaunchShape gives admits shapes no launch uses). Empty
// otherwise.
constexpr size_t kMaxLaunchesEach = 4;
std::vector<model::LaunchShape> hostLaunchShapesEach(const model::Kernel &k, const model::LaunchShape &base);

// The contracts of a file's kernels from its host code (hostLaunchShape),
// over `launches` (one per kernel; empty: `base` for each). `notes` gets,
// per kernel, the line that says where its contract came from, or that it
// has none ("kernel 'k': ..."), for stderr or an editor; `each`, per
// kernel, the shapes to check one by one (hostLaunchShapesEach).
void applyHostLaunches(const std::vector<model::Kernel> &kernels, const model::LaunchShape &base,
                       std::vector<model::LaunchShape> &launches, std::vector<std::string> &notes,
                       std::vector<std::vector<model::LaunchShape>> &each);

// checker::check of `k` under `opts`, or, when `each` holds shapes, under
// each by itself, the results merged (the worst verdict, every finding and
// assumption once).
model::KernelResult checkUnder(const model::Kernel &k, const checker::Options &opts,
                               const std::vector<model::LaunchShape> &each);

// Validates the input (files exist, named kernels exist, parameter ranges
// name scalar parameters and fit their types), parses and extracts the
// model. On a usage or input error returns false with a one-line `error`
// (exit code 2). `parsed` receives the frontend result (files read, Clang
// arguments, the module).
bool parseRequest(const CheckRequest &req, frontend::Result &parsed, std::string &error);

// The launch of each kernel of `parsed` when the contract takes registers
// and shared memory from a resource-usage file or nvcc (spec.resourceUsage,
// with a device); empty otherwise (spec.launch applies to all). False with
// `error` (exit 2) on an unreadable or malformed file, a failed nvcc, or a
// kernel the file does not mention.
bool kernelLaunches(const CheckRequest &req, const frontend::Result &parsed, std::vector<model::LaunchShape> &launches,
                    std::string &error);

// parseRequest, then checks every extracted kernel under the contract.
// `parsedOut` receives the frontend result, also when parsing failed.
bool runCheck(const CheckRequest &req, Report &report, std::string &error, frontend::Result *parsedOut = nullptr);

// The stack a check runs on (its own thread): the solver's term rewriting
// and the front end recurse once per nesting level of an expression, and a
// long chain of assignments nests deeply. Reserved, not committed.
constexpr unsigned kCheckStackBytes = 1024u << 20;

// Runs `work` on a thread of its own with kCheckStackBytes of stack, and
// waits for it (parseRequest and runCheck from the command line).
void onCheckStack(llvm::function_ref<void()> work);

}  // namespace syncproof::driver
