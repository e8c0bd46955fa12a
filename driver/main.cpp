// syncproof: the command line.
//   syncproof check [options] FILE.cu...   prove or refute synchronization safety
//   syncproof model [options] FILE.cu...   print the extracted model
//   syncproof gate CERT.json -- COMMAND...  run COMMAND only if the certified proof still stands
//   syncproof lsp [options]                a language server on stdio (docs/lsp.md)
//   syncproof mutate FILE.cu -- [check options]  mutation testing of the synchronization (docs/mutate.md)
// Exit codes: 0 proved, 1 violations, 2 usage or input error, 3 unknown.
#include "driver/batch.h"
#include "driver/certificate.h"
#include "driver/lsp.h"
#include "driver/mutate.h"
#include "driver/pipeline.h"
#include "driver/resource_usage.h"
#include "driver/sarif.h"
#include "driver/trace_html.h"

#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <thread>

using namespace llvm;
using namespace syncproof;

namespace {

cl::OptionCategory Cat("syncproof options");
cl::SubCommand CheckCmd("check", "Prove race freedom and barrier safety of CUDA kernels");
cl::SubCommand ModelCmd("model", "Print the synchronization model extracted from CUDA kernels");
cl::SubCommand GateCmd("gate", "Run a command only if a proof certificate still stands (docs/certificates.md)");
cl::SubCommand LspCmd("lsp", "Run a language server on stdin/stdout (docs/lsp.md)");
cl::SubCommand MutateCmd("mutate", "Check one-edit synchronization mutants of a file: killed, unknown or survived "
                                   "(docs/mutate.md)");

#define BOTH cl::sub(CheckCmd), cl::sub(ModelCmd), cl::cat(Cat)

// Counts on the command line read like spec files: decimal, or hexadecimal
// with 0x, never octal (LLVM's own parser reads `010` as eight).
struct CountParser : cl::parser<unsigned> {
  using cl::parser<unsigned>::parser;
  bool parse(cl::Option &o, StringRef, StringRef arg, unsigned &val) {
    uint64_t v = 0;
    if (!driver::parseUnsigned(arg, v) || v > UINT_MAX)
      return o.error("'" + arg + "' is not a count (decimal, or hexadecimal with 0x)");
    val = (unsigned)v;
    return false;
  }
};

cl::list<std::string> Files(cl::Positional, cl::desc("<file.cu>..."), cl::OneOrMore, BOTH);
cl::opt<std::string> BuildPath("p", cl::desc("Build directory containing compile_commands.json"),
                               cl::value_desc("dir"), BOTH, cl::sub(MutateCmd));
cl::list<std::string> ExtraArgs("extra-arg", cl::desc("Additional argument to pass to Clang"),
                                cl::value_desc("arg"), BOTH, cl::sub(LspCmd), cl::sub(MutateCmd));
cl::list<std::string> Kernels("kernel", cl::desc("Only this kernel (repeatable)"), cl::value_desc("name"), BOTH);
cl::opt<std::string> CudaPath("cuda-path", cl::desc("CUDA toolkit (default: $SYNCPROOF_CUDA_PATH or /usr/local/cuda)"),
                              cl::value_desc("dir"), BOTH, cl::sub(LspCmd), cl::sub(MutateCmd));
cl::opt<std::string> Format("format", cl::desc("Output format: text or json (check: also sarif)"), cl::init("text"), BOTH,
                            cl::sub(MutateCmd));

cl::opt<std::string> Grid("grid", cl::desc("Grid dimensions X[,Y[,Z]]; each N or MIN:MAX"), cl::value_desc("dims"),
                          cl::sub(CheckCmd), cl::cat(Cat));
cl::opt<std::string> Block("block", cl::desc("Block dimensions X[,Y[,Z]]; each N or MIN:MAX"), cl::value_desc("dims"),
                           cl::sub(CheckCmd), cl::cat(Cat));
cl::opt<std::string> DynamicSmem("dynamic-smem", cl::desc("Dynamic shared memory bytes"), cl::value_desc("bytes"),
                                 cl::sub(CheckCmd), cl::cat(Cat));
cl::opt<bool> Cooperative("cooperative", cl::desc("The kernel is launched cooperatively"), cl::sub(CheckCmd),
                          cl::cat(Cat));
cl::opt<std::string> Device("device", cl::desc("Device for co-residency (a name in specs/devices.yaml: h100, h200, ...)"),
                            cl::value_desc("name"), cl::sub(CheckCmd), cl::cat(Cat));
cl::opt<unsigned, false, CountParser> BlocksPerSm("blocks-per-sm", cl::desc("Resident blocks of this kernel per SM (occupancy API)"),
                              cl::value_desc("N"), cl::sub(CheckCmd), cl::cat(Cat));
cl::opt<unsigned, false, CountParser> RegistersPerThread("registers-per-thread", cl::desc("Registers per thread (ptxas -v)"),
                                     cl::value_desc("N"), cl::sub(CheckCmd), cl::cat(Cat));
cl::opt<unsigned, false, CountParser> SharedBytesPerBlock("shared-bytes-per-block", cl::desc("Shared memory per block in bytes (ptxas -v)"),
                                      cl::value_desc("N"), cl::sub(CheckCmd), cl::cat(Cat));
cl::opt<std::string> ResourceUsage("resource-usage",
                                   cl::desc("Registers and static shared memory per kernel for co-residency: the "
                                            "output of cuobjdump --dump-resource-usage or nvcc -Xptxas -v in a file, "
                                            "or 'auto' (run nvcc --resource-usage on the input)"),
                                   cl::value_desc("file|auto"), cl::sub(CheckCmd), cl::cat(Cat));
cl::opt<std::string> DeviceTable("device-table", cl::desc("Device table (default: specs/devices.yaml of the source tree)"),
                                 cl::value_desc("file"), cl::sub(CheckCmd), cl::cat(Cat));
cl::opt<bool> NoSourceContract("no-source-contract",
                               cl::desc("Ignore the contracts in the files ('// syncproof-args: FLAGS' lines, launches in host code)"),
                               cl::sub(CheckCmd), cl::cat(Cat));
cl::opt<std::string> SpecFile("spec", cl::desc("Launch contract file (YAML, see docs/spec-format.md)"),
                              cl::value_desc("file"), cl::sub(CheckCmd), cl::cat(Cat));
cl::list<std::string> ParamValues("param", cl::desc("Scalar parameter value or range NAME=V or NAME=MIN:MAX (repeatable)"),
                                  cl::value_desc("name=range"), cl::sub(CheckCmd), cl::cat(Cat));
cl::list<std::string> MemoryContents("memory",
                                     cl::desc("Contents of the memory a pointer parameter points to, from a file of "
                                              "integers: NAME=FILE[:ELEMENT], ELEMENT i8..u64, default i32 (repeatable)"),
                                     cl::value_desc("name=file"), cl::sub(CheckCmd), cl::cat(Cat));
cl::list<std::string> DistinctElements("distinct-elements",
                                       cl::desc("NAME or NAME>=MIN: the elements (those of at least MIN) of the memory "
                                                "pointer parameter NAME points to are pairwise distinct, as the host "
                                                "guarantees (an index map with no repeats; repeatable)"),
                                       cl::value_desc("name"), cl::sub(CheckCmd), cl::cat(Cat));
cl::list<std::string> ElementRanges("element-range",
                                    cl::desc("NAME=MIN:MAX: the elements of the memory pointer parameter NAME points "
                                             "to lie in [MIN, MAX], as the host guarantees (repeatable)"),
                                    cl::value_desc("name=min:max"), cl::sub(CheckCmd), cl::cat(Cat));
cl::opt<unsigned, false, CountParser> TimeoutMs("timeout", cl::desc("Wall-clock limit per solver query in milliseconds (default 120000; lsp: 20000)"),
                            cl::init(120000), cl::sub(CheckCmd), cl::sub(LspCmd), cl::cat(Cat));
cl::opt<double> Budget("budget",
                       cl::desc("Wall-clock limit per kernel in seconds (default 60; 0 = none): past it the kernel is "
                                "unknown, naming the phase it reached, and the other kernels are still checked"),
                       cl::value_desc("seconds"), cl::init(60), cl::sub(CheckCmd), cl::cat(Cat));
cl::opt<unsigned, false, CountParser> Rlimit("rlimit",
                         cl::desc("Deterministic solver work limit per query (Z3 rlimit; default 25000000, "
                                  "about 10 s; 0 = none)"),
                         cl::init(25000000), cl::sub(CheckCmd), cl::sub(LspCmd), cl::cat(Cat));
cl::opt<std::string> CertificateOut("certificate",
                                    cl::desc("Write a proof certificate (JSON, docs/certificates.md)"),
                                    cl::value_desc("file"), cl::sub(CheckCmd), cl::cat(Cat));
cl::opt<std::string> TraceHtml("trace-html", cl::desc("Write the counterexamples as an HTML timeline (docs/trace-html.md)"),
                               cl::value_desc("file"), cl::sub(CheckCmd), cl::cat(Cat));

cl::opt<std::string> MutateFile(cl::Positional, cl::Required, cl::desc("<file.cu>"), cl::sub(MutateCmd), cl::cat(Cat));
cl::list<std::string> MutateCheckArgs(cl::ConsumeAfter, cl::desc("-- <check options: the contract>"),
                                      cl::sub(MutateCmd), cl::cat(Cat));
cl::list<std::string> MutateClasses("class", cl::desc("mutate: only this mutation class (repeatable)"),
                                    cl::value_desc("name"), cl::sub(MutateCmd), cl::cat(Cat));
cl::opt<unsigned, false, CountParser> MutateTimeout("mutant-timeout",
                                                    cl::desc("mutate: seconds per mutant (default 600)"),
                                                    cl::init(600), cl::sub(MutateCmd), cl::cat(Cat));
cl::opt<bool> MutateList("list", cl::desc("mutate: list the mutants, check none"), cl::sub(MutateCmd), cl::cat(Cat));

cl::opt<std::string> GateCert(cl::Positional, cl::Required, cl::desc("<certificate.json>"), cl::sub(GateCmd),
                              cl::cat(Cat));
cl::list<std::string> GateCommand(cl::ConsumeAfter, cl::desc("-- <command> [args...]"), cl::sub(GateCmd), cl::cat(Cat));
cl::opt<bool> GateVerbose("verbose", cl::desc("List every bound input and the re-check's output"), cl::sub(GateCmd),
                          cl::cat(Cat));
cl::opt<bool> GateNoRecheck("no-recheck", cl::desc("Refuse on any change instead of re-checking"), cl::sub(GateCmd),
                            cl::cat(Cat));

cl::opt<std::string> SarifRoot("sarif-root",
                              cl::desc("Directory SARIF file URIs are relative to (uriBaseId SRCROOT; default: the "
                                       "current directory)"),
                              cl::value_desc("dir"), cl::sub(CheckCmd), cl::cat(Cat));
cl::opt<unsigned, false, CountParser> Jobs("j", cl::desc("Batch mode: check each file on its own, N at a time (0: one per core), "
                                     "with a summary table"),
                       cl::value_desc("N"), cl::Prefix, cl::sub(CheckCmd), cl::sub(MutateCmd), cl::cat(Cat));
cl::opt<unsigned, false, CountParser> DebounceMs("debounce-ms", cl::desc("lsp: check this long after the last edit (default 300)"),
                             cl::init(300), cl::sub(LspCmd), cl::cat(Cat));
cl::opt<std::string> DocsUrl("docs-url",
                             cl::desc("lsp: base of the links to the diagnostic pages (<url>/<kind>.md; default: "
                                      "docs/diagnostics of the source tree, as a file:// URI)"),
                             cl::value_desc("url"), cl::sub(LspCmd), cl::cat(Cat));
cl::opt<std::string> CrashMarker("test-crash-marker", cl::desc("lsp test hook: crash a check of a text containing this"),
                                 cl::Hidden, cl::sub(LspCmd), cl::cat(Cat));

int usageError(const std::string &msg) {
  errs() << "syncproof: error: " << msg << "\n";
  return 2;
}

// Flushes standard output: a report that could not be written (a full disk,
// a closed pipe) is an error (exit 2), not the verdict it would have shown.
int finishOutput(int rc) {
  outs().flush();
  if (!outs().has_error()) return rc;
  std::error_code ec = outs().error();
  outs().clear_error();
  return usageError("cannot write the report to standard output: " + ec.message());
}

// True when the command line states any part of a launch contract.
bool contractFlagsGiven() {
  return Grid.getNumOccurrences() || Block.getNumOccurrences() || DynamicSmem.getNumOccurrences() ||
         Cooperative.getNumOccurrences() || Device.getNumOccurrences() || BlocksPerSm.getNumOccurrences() ||
         RegistersPerThread.getNumOccurrences() || SharedBytesPerBlock.getNumOccurrences() ||
         ResourceUsage.getNumOccurrences() || SpecFile.getNumOccurrences() || ParamValues.getNumOccurrences() ||
         MemoryContents.getNumOccurrences() || DeviceTable.getNumOccurrences() ||
         DistinctElements.getNumOccurrences() || ElementRanges.getNumOccurrences();
}

// A file's own contract: its first line comment `// syncproof-args: FLAGS`
// (the contract flags of `syncproof check`; %S is the file's directory).
struct SourceContract {
  unsigned line = 0;
  std::string text;                // FLAGS as written
  std::vector<std::string> flags;  // split as a shell would (LLVM's GNU tokenizer)
};

std::optional<SourceContract> sourceContractIn(StringRef text, const std::string &file) {
  unsigned line = 0;
  while (!text.empty()) {
    auto [l, rest] = text.split('\n');
    text = rest;
    ++line;
    StringRef t = l.ltrim();
    if (!t.consume_front("//")) continue;
    t = t.ltrim();
    if (!t.consume_front("syncproof-args:")) continue;
    SourceContract sc;
    sc.line = line;
    sc.text = t.trim().str();
    std::string dir = sys::path::parent_path(file).str();
    std::string flags = sc.text;
    for (size_t at; (at = flags.find("%S")) != std::string::npos;) flags.replace(at, 2, dir.empty() ? "." : dir);
    BumpPtrAllocator alloc;
    StringSaver saver(alloc);
    SmallVector<const char *, 16> words;
    cl::TokenizeGNUCommandLine(flags, saver, words);
    for (const char *w : words)
      if (w) sc.flags.push_back(w);
    return sc;
  }
  return std::nullopt;
}

std::optional<SourceContract> sourceContract(const std::string &file) {
  auto buf = MemoryBuffer::getFile(file, /*IsText=*/true);
  if (!buf) return std::nullopt;
  return sourceContractIn((*buf)->getBuffer(), file);
}

// The contract the flags give (the option globals), or an error message.
std::optional<std::string> specFromFlags(driver::Spec &spec) {
  auto fail = [](const std::string &msg) -> std::optional<std::string> { return msg; };
  if (!SpecFile.empty()) {
    std::string err;
    if (!driver::loadSpec(SpecFile, spec, err)) return fail(err);
  }
  uint64_t gridLimit[3] = {2147483647ull, 65535, 65535};
  uint64_t blockLimit[3] = {1024, 1024, 64};
  std::string err;
  if (!Grid.empty() && !driver::parseDims(Grid, spec.launch.gridMin, spec.launch.gridMax, gridLimit, err))
    return fail("--grid: " + err);
  if (Block.getNumOccurrences() && Block.empty()) return fail("--block: expected X[,Y[,Z]]");
  if (Grid.getNumOccurrences() && Grid.empty()) return fail("--grid: expected X[,Y[,Z]]");
  if (!Block.empty()) {
    if (!driver::parseDims(Block, spec.launch.blockMin, spec.launch.blockMax, blockLimit, err))
      return fail("--block: " + err);
    if (spec.launch.blockMin[0] * spec.launch.blockMin[1] * spec.launch.blockMin[2] > 1024)
      return fail("--block: a block has at most 1024 threads");
  }
  if (!DynamicSmem.empty()) {
    uint64_t v = 0;  // (getAsInteger fails on a sign, junk and overflow)
    if (!driver::parseUnsigned(DynamicSmem, v))
      return fail("--dynamic-smem: '" + DynamicSmem + "' is not a byte count");
    if (v > driver::kMaxDeviceQuantity)
      return fail("--dynamic-smem: " + DynamicSmem + " bytes is more shared memory than any device has");
    spec.launch.dynamicSmem = v;
  }
  if (Cooperative) spec.launch.cooperative = true;
  if (!Device.empty()) spec.device = Device;
  if (BlocksPerSm.getNumOccurrences()) {
    if (BlocksPerSm == 0) return fail("--blocks-per-sm: at least 1");
    spec.blocksPerSm = BlocksPerSm;
  }
  if (RegistersPerThread.getNumOccurrences()) {
    if (RegistersPerThread == 0 || RegistersPerThread > driver::kMaxRegistersPerThread)
      return fail("--registers-per-thread: a thread has 1 to " +
                  std::to_string(driver::kMaxRegistersPerThread) + " registers");
    spec.registersPerThread = RegistersPerThread;
  }
  if (SharedBytesPerBlock.getNumOccurrences()) spec.sharedBytesPerBlock = SharedBytesPerBlock;
  if (ResourceUsage.getNumOccurrences()) {
    if (ResourceUsage.empty()) return fail("--resource-usage: expected a file or 'auto'");
    spec.resourceUsage = ResourceUsage;
  }
  // NAME=V or NAME=MIN:MAX; a flag replaces what the spec (or an earlier
  // flag) said of the same name.
  auto rangeFlag = [&](const char *flag, const std::string &pv,
                       std::vector<model::LaunchShape::ParamRange> &ranges) -> std::optional<std::string> {
    size_t eq = pv.find('=');
    if (eq == std::string::npos || eq == 0)
      return fail(std::string(flag) + ": expected NAME=V or NAME=MIN:MAX, got '" + pv + "'");
    std::string name = pv.substr(0, eq), range = pv.substr(eq + 1);
    size_t colon = range.find(':');
    auto num = [](const std::string &t, int64_t &v) { return driver::parseSigned(t, v); };
    int64_t lo, hi;
    if (colon == std::string::npos ? !num(range, lo) : (!num(range.substr(0, colon), lo) || !num(range.substr(colon + 1), hi)))
      return fail(std::string(flag) + ": '" + range + "' is not an integer or MIN:MAX range");
    if (colon == std::string::npos) hi = lo;
    if (lo > hi) return fail(std::string(flag) + ": MIN is greater than MAX in '" + pv + "'");
    ranges.erase(std::remove_if(ranges.begin(), ranges.end(), [&](const auto &r) { return r.name == name; }),
                 ranges.end());
    ranges.push_back({name, lo, hi});
    return std::nullopt;
  };
  for (const std::string &pv : ParamValues)
    if (auto e = rangeFlag("--param", pv, spec.launch.paramRanges)) return e;
  for (const std::string &pv : ElementRanges)
    if (auto e = rangeFlag("--element-range", pv, spec.launch.elementRanges)) return e;
  for (const std::string &mv : MemoryContents) {
    size_t eq = mv.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == mv.size())
      return fail("--memory: expected NAME=FILE[:ELEMENT], got '" + mv + "'");
    driver::MemorySpec m;
    m.param = mv.substr(0, eq);
    m.file = mv.substr(eq + 1);
    size_t colon = m.file.rfind(':');
    if (colon != std::string::npos && colon + 1 < m.file.size() && m.file.find('/', colon) == std::string::npos) {
      m.element = m.file.substr(colon + 1);
      m.file = m.file.substr(0, colon);
    }
    // A flag replaces what the spec said of the same parameter.
    auto &mem = spec.memory;
    mem.erase(std::remove_if(mem.begin(), mem.end(), [&](const auto &x) { return x.param == m.param; }), mem.end());
    mem.push_back(m);
  }
  // A flag replaces what the spec (or an earlier flag) said of the same parameter.
  for (const std::string &text : DistinctElements)
    if (!driver::addDistinct(text, spec.launch.distinctElements, err, true))
      return fail("--distinct-elements: " + err);
  if (!driver::resolveResidency(spec, DeviceTable, err)) return fail(err);
  return std::nullopt;
}

// Parses `flags` as the contract flags of `syncproof check FILE` (the option
// globals, reset first): the spec and the extra Clang arguments, or an error.
// The caller parses its own command line again when it needs it.
std::optional<std::string> contractOfFlags(const std::string &argv0, const std::vector<std::string> &flags,
                                           const std::string &file, driver::Spec &spec,
                                           std::vector<std::string> &extraArgs) {
  std::vector<std::string> words = {argv0, "check"};
  words.insert(words.end(), flags.begin(), flags.end());
  words.push_back(file);
  std::vector<const char *> av;
  for (auto &w : words) av.push_back(w.c_str());
  cl::ResetAllOptionOccurrences();
  std::string perr;
  raw_string_ostream perrOs(perr);
  if (!cl::ParseCommandLineOptions((int)av.size(), av.data(), "", &perrOs)) {
    std::string first = perrOs.str();
    return "the contract's flags: " + first.substr(0, first.find('\n'));
  }
  if (std::optional<std::string> e = specFromFlags(spec)) return e;
  extraArgs.assign(ExtraArgs.begin(), ExtraArgs.end());
  return std::nullopt;
}
}  // namespace

int main(int argc, char **argv) {
  llvm::CrashRecoveryContext::Enable();  // crashes in one kernel become internal errors (pipeline.cpp)
  cl::HideUnrelatedOptions(Cat);
  cl::SetVersionPrinter([](raw_ostream &os) {
    os << "syncproof " << SYNCPROOF_VERSION << " (Z3 " << checker::solverVersion() << ", Clang 22)\n";
  });
  std::string errText;
  raw_string_ostream errOs(errText);
  if (!cl::ParseCommandLineOptions(argc, argv, "syncproof: a verifier for CUDA synchronization\n", &errOs)) {
    std::string first = errOs.str();
    while (!first.empty() && first.back() == '\n') first.pop_back();
    size_t nl = first.find('\n');
    if (nl != std::string::npos) first = first.substr(0, nl);
    errs() << first << "\n";
    errs() << "syncproof: run 'syncproof --help' for usage\n";
    return 2;
  }
  if (LspCmd) {
    driver::lsp::AdapterOptions lo;
    lo.server.debounceMs = DebounceMs;
    lo.server.rlimit = Rlimit;
    lo.server.timeoutMs = TimeoutMs.getNumOccurrences() ? (unsigned)TimeoutMs : 20000;
    lo.server.cudaPath = CudaPath;
    lo.server.extraArgs.assign(ExtraArgs.begin(), ExtraArgs.end());
    lo.server.crashMarker = CrashMarker;
    // A document's `// syncproof-args:` line, through check's option parser
    // (the server's own options are copied above; only its worker calls this).
    std::string argv0 = argv[0];
    lo.server.sourceContract = [argv0](const std::string &path, const std::string &text, driver::Spec &spec,
                                       std::vector<std::string> &extraArgs, std::string &flags,
                                       std::string &error) -> unsigned {
      std::optional<SourceContract> sc = sourceContractIn(text, path);
      if (!sc) return 0;
      flags = sc->text;
      if (std::optional<std::string> e = contractOfFlags(argv0, sc->flags, path, spec, extraArgs)) error = *e;
      return sc->line;
    };
    lo.docsUrl = DocsUrl;
    return driver::lsp::runServer(lo, stdin, stdout);
  }
  bool isCheck = (bool)CheckCmd;
  bool isModel = (bool)ModelCmd;
  std::string self = sys::fs::getMainExecutable(argv[0], (void *)&usageError);
  if (GateCmd) {
    driver::GateOptions go;
    go.certificate = GateCert;
    go.command.assign(GateCommand.begin(), GateCommand.end());
    if (!go.command.empty() && go.command.front() == "--") go.command.erase(go.command.begin());
    go.selfPath = self;
    go.verbose = GateVerbose;
    go.noRecheck = GateNoRecheck;
    return driver::runGate(go);
  }
  if (MutateCmd) {
    if (Format != "text" && Format != "json") return usageError("unknown --format '" + Format + "' (text or json)");
    driver::MutateOptions mo;
    mo.parse.files = {MutateFile};
    mo.parse.compileCommandsDir = BuildPath;
    mo.parse.extraArgs.assign(ExtraArgs.begin(), ExtraArgs.end());
    mo.parse.cudaPath = CudaPath;
    if (!sys::fs::exists(MutateFile)) return usageError("no such file: '" + MutateFile + "'");
    mo.checkArgs.assign(MutateCheckArgs.begin(), MutateCheckArgs.end());
    if (!mo.checkArgs.empty() && mo.checkArgs.front() == "--") mo.checkArgs.erase(mo.checkArgs.begin());
    mo.classes.assign(MutateClasses.begin(), MutateClasses.end());
    mo.jobs = Jobs.getNumOccurrences() ? (Jobs ? (unsigned)Jobs : std::max(1u, std::thread::hardware_concurrency())) : 1;
    mo.timeoutSeconds = MutateTimeout;
    mo.format = Format;
    mo.selfPath = self;
    mo.listOnly = MutateList;
    return finishOutput(driver::runMutate(mo));
  }
  if (!isCheck && !isModel)
    return usageError("expected a command: 'check', 'model', 'mutate', 'gate' or 'lsp' (see --help)");
  if (Format != "text" && Format != "json" && !(isCheck && Format == "sarif"))
    return usageError("unknown --format '" + Format + "' (text or json" + (isCheck ? " or sarif)" : ")"));
  if (!SarifRoot.empty() && !sys::fs::is_directory(SarifRoot))
    return usageError("--sarif-root: '" + SarifRoot + "' is not a directory");

  frontend::Options fo;
  fo.files.assign(Files.begin(), Files.end());
  fo.compileCommandsDir = BuildPath;
  fo.extraArgs.assign(ExtraArgs.begin(), ExtraArgs.end());
  fo.kernelNames.assign(Kernels.begin(), Kernels.end());
  fo.cudaPath = CudaPath;

  driver::Spec spec;
  // Contracts in the files (`// syncproof-args: FLAGS`, docs/spec-format.md
  // "In the source"): used when the command line states no contract. The
  // flags of each file go through the same option parser, one file at a
  // time, and the command line is parsed again afterwards.
  std::map<std::string, driver::Spec> fileSpecs;
  std::map<std::string, std::vector<std::string>> fileExtraArgs;
  if (isCheck && !NoSourceContract && !contractFlagsGiven()) {
    std::vector<std::string> original(argv, argv + argc);
    bool any = false;
    std::string failed;
    for (const std::string &file : std::vector<std::string>(Files.begin(), Files.end())) {
      std::optional<SourceContract> sc = sourceContract(file);
      if (!sc) continue;
      any = true;
      std::string where = file + ":" + std::to_string(sc->line);
      driver::Spec fs;
      std::vector<std::string> extra;
      if (std::optional<std::string> e = contractOfFlags(original[0], sc->flags, file, fs, extra)) {
        failed = where + ": " + *e;
        break;
      }
      errs() << "syncproof: " << where << ": the file's contract: " << sc->text << "\n";
      fileSpecs[file] = fs;
      if (!extra.empty()) fileExtraArgs[file] = extra;
    }
    if (any) {
      std::vector<const char *> av;
      for (auto &w : original) av.push_back(w.c_str());
      cl::ResetAllOptionOccurrences();
      cl::ParseCommandLineOptions((int)av.size(), av.data());
    }
    if (!failed.empty()) return usageError(failed);
  }
  if (isCheck) {
    if (std::optional<std::string> e = specFromFlags(spec)) return usageError(*e);
    if (fo.kernelNames.empty()) fo.kernelNames = spec.kernels;
  }
  driver::CheckRequest req;
  req.frontend = fo;
  req.spec = spec;
  req.fileSpecs = fileSpecs;
  req.fileExtraArgs = fileExtraArgs;
  req.hostLaunches = isCheck && !NoSourceContract && !contractFlagsGiven();
  if (fo.files.size() == 1 && fileSpecs.count(fo.files[0])) {
    req.hostLaunches = false;
    req.spec = fileSpecs[fo.files[0]];
    auto &extra = fileExtraArgs[fo.files[0]];
    req.frontend.extraArgs.insert(req.frontend.extraArgs.end(), extra.begin(), extra.end());
  }
  req.checker.timeoutMs = TimeoutMs;
  req.checker.rlimit = Rlimit;
  if (Budget < 0 || !std::isfinite(Budget)) return usageError("--budget must be a number of seconds, 0 or more");
  req.checker.budgetSeconds = Budget;

  if (isModel) {
    frontend::Result parsed;
    std::string err;
    bool ok = false;
    driver::onCheckStack([&] { ok = driver::parseRequest(req, parsed, err); });
    if (!ok) return usageError(err);
    if (Format == "json") {
      outs() << driver::modelJson(parsed.module.kernels);
    } else {
      for (const auto &k : parsed.module.kernels) outs() << driver::modelText(k) << "\n";
    }
    for (const std::string &e : parsed.internalErrors) errs() << "syncproof: internal error " << e << "; please report\n";
    return finishOutput(parsed.internalErrors.empty() ? 0 : 2);
  }

  // Several files with their own contracts: one at a time, as -j 1 does.
  bool perFile = fo.files.size() > 1 && !fileSpecs.empty();
  if (Jobs.getNumOccurrences() || perFile) {
    if (!CertificateOut.empty() || !TraceHtml.empty())
      return usageError(std::string("--certificate and --trace-html describe one check: they cannot be used with ") +
                        (perFile ? "files that carry their own contracts (--no-source-contract)" : "-j"));
    return finishOutput(driver::runBatchCommand(req, Jobs.getNumOccurrences() ? (unsigned)Jobs : 1u, Format, SarifRoot));
  }

  driver::Report report;
  std::string err;
  frontend::Result parsed;
  bool checked = false;
  driver::onCheckStack([&] { checked = driver::runCheck(req, report, err, &parsed); });
  if (!checked) return usageError(err);
  // The trace first: a check whose outputs cannot all be written is an
  // input error, and then no certificate may stand for it.
  if (!TraceHtml.empty() && !driver::writeTraceHtml(TraceHtml, report, err)) return usageError(err);
  if (!CertificateOut.empty()) {
    driver::CheckArgs ca;
    ca.files = fo.files;
    ca.compileCommandsDir = BuildPath;
    ca.extraArgs = fo.extraArgs;
    ca.kernels.assign(Kernels.begin(), Kernels.end());
    ca.cudaPath = CudaPath;
    ca.grid = Grid;
    ca.block = Block;
    ca.dynamicSmem = DynamicSmem;
    ca.cooperative = Cooperative;
    ca.specFile = SpecFile;
    ca.params.assign(ParamValues.begin(), ParamValues.end());
    ca.memory.assign(MemoryContents.begin(), MemoryContents.end());
    ca.distinct.assign(DistinctElements.begin(), DistinctElements.end());
    ca.elementRanges.assign(ElementRanges.begin(), ElementRanges.end());
    for (const auto &m : spec.memory) ca.memoryFiles.push_back(m.file);
    if (!Device.empty()) ca.residency.push_back("--device=" + Device);
    if (BlocksPerSm.getNumOccurrences()) ca.residency.push_back("--blocks-per-sm=" + std::to_string(BlocksPerSm));
    if (RegistersPerThread.getNumOccurrences())
      ca.residency.push_back("--registers-per-thread=" + std::to_string(RegistersPerThread));
    if (SharedBytesPerBlock.getNumOccurrences())
      ca.residency.push_back("--shared-bytes-per-block=" + std::to_string(SharedBytesPerBlock));
    if (!DeviceTable.empty()) ca.residency.push_back("--device-table=" + DeviceTable);
    if (ResourceUsage.getNumOccurrences()) ca.residency.push_back("--resource-usage=" + ResourceUsage);
    if (!spec.device.empty()) ca.deviceTable = DeviceTable.empty() ? driver::defaultDeviceTable() : std::string(DeviceTable);
    // The resource usage decides co-residency like the device table: the file
    // is bound (from the flag or the spec), or nvcc and ptxas for 'auto'.
    if (!spec.device.empty() && !spec.resourceUsage.empty()) {
      if (spec.resourceUsage == "auto") {
        std::string nvcc = driver::nvccPath(CudaPath);
        ca.resourceTools = {nvcc, (sys::path::parent_path(nvcc) + "/ptxas").str()};
      } else {
        ca.resourceUsage = spec.resourceUsage;
      }
    }
    ca.timeoutMs = TimeoutMs;
    ca.rlimit = Rlimit;
    if (!driver::writeCertificate(CertificateOut, ca, req, report, parsed, self, err)) return usageError(err);
  }
  if (Format == "json") {
    std::vector<std::string> internal;
    for (const std::string &e : report.internalErrors) internal.push_back("internal error " + e + "; please report");
    outs() << driver::renderJson(report, internal);
  } else if (Format == "sarif") {
    driver::SarifOptions so;
    so.root = SarifRoot;
    so.exitCode = driver::exitCodeFor(driver::overallVerdict(report));
    outs() << driver::renderSarif(report, so);
  } else {
    bool color = sys::Process::StandardOutHasColors() && sys::Process::FileDescriptorIsDisplayed(1);
    outs() << driver::renderText(report, color);
  }
  // A crash recovered in one kernel: the others' verdicts stand above, but
  // the run is an error (exit 2).
  for (const std::string &e : report.internalErrors) errs() << "syncproof: internal error " << e << "; please report\n";
  if (!report.internalErrors.empty()) return finishOutput(2);
  return finishOutput(driver::exitCodeFor(driver::overallVerdict(report)));
}
