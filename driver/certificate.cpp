#include "driver/certificate.h"
#include "driver/json_limits.h"

#include "driver/spec.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <map>
#include <set>

extern char **environ;

namespace syncproof::driver {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;
namespace fs = llvm::sys::fs;

bool fromJSON(const Value &v, CheckArgs &a, llvm::json::Path p);

namespace {

constexpr const char *kFormat = "syncproof-certificate";
constexpr int kFormatVersion = 1;
// Environment variables that change what `check` reads.
const char *const kEnvVars[] = {"SYNCPROOF_CUDA_PATH", "SYNCPROOF_RESOURCE_DIR"};

// An absolute path; ".." is kept (after a symbolic link it is not the
// lexical parent), unless `likeFrontend` (frontend::parse names the input
// files with ".." removed).
std::string absolute(const std::string &p, bool likeFrontend = false) {
  llvm::SmallString<256> s(p);
  fs::make_absolute(s);
  llvm::sys::path::remove_dots(s, /*remove_dot_dot=*/likeFrontend);
  return std::string(s);
}

std::string currentDir() {
  llvm::SmallString<256> cwd;
  fs::current_path(cwd);
  return std::string(cwd);
}

// ------------------------------------------------------------ properties
//
// What checker::check proves for a kernel (checker/checker.cpp, Checker::run;
// docs/encoding.md). Keep in step with the checker: a new kind of check is a
// new property here.

struct Property {
  const char *name;
  const char *description;
};
const Property kRaceWithin = {"race-freedom-within-block",
                              "no two threads of one block make conflicting accesses (one a write, not both atomic) "
                              "to the same bytes of shared or global memory without a barrier (__syncthreads, "
                              "or __syncwarp within a warp) between them"};
const Property kRaceBetween = {"race-freedom-between-blocks",
                               "no two threads of different blocks make conflicting accesses to the same bytes of "
                               "global memory without synchronization between them (grid.sync(), and release/acquire through "
                               "counters and flags where the checker models it)"};
const Property kBarrierUniform = {"barrier-uniformity",
                                  "every block barrier is reached by all threads of a block or by none, and loops "
                                  "that contain one have a trip count uniform across the block"};
const Property kWarpSync = {"warp-sync-masks",
                            "every __syncwarp and warp collective (__shfl_*_sync, __ballot_sync, __any_sync, "
                            "__all_sync, __match_*_sync, __reduce_*_sync) is executed only by lanes in its mask, and "
                            "every lane named in the mask that has not exited reaches one with the same mask (and "
                            "operation)"};
const Property kGridSync = {"grid-sync",
                            "grid.sync() is reached by every thread of the grid or none, loops around it run alike "
                            "in all blocks, and the launch is cooperative (co-residency)"};
const Property kModelled = {"fully-modelled",
                            "every reachable construct is modelled (nothing was left unknown)"};

void scanBarriers(const model::Stmt &s, bool &warp, bool &grid) {
  model::forEachStmt(s, [&](const model::Stmt &x) {
    if (x.kind != model::Stmt::Kind::Barrier) return;
    warp |= x.barrier == model::BarrierKind::Warp || x.barrier == model::BarrierKind::WarpCollective;
    grid |= x.barrier == model::BarrierKind::Grid;
  });
}

// The property a finding refutes.
std::string propertyOf(const model::Finding &f) {
  switch (f.kind) {
  case model::FindingKind::Race:
    return f.message.find("between blocks") != std::string::npos ? kRaceBetween.name : kRaceWithin.name;
  case model::FindingKind::Divergence:
    return f.message.rfind("grid barrier", 0) == 0 ? kGridSync.name : kBarrierUniform.name;
  case model::FindingKind::WarpSync: return kWarpSync.name;
  case model::FindingKind::Deadlock:
    if (f.message.find("grid.sync") != std::string::npos || f.message.find("cooperative") != std::string::npos)
      return kGridSync.name;
    return "deadlock-freedom";
  case model::FindingKind::Unknown: return kModelled.name;
  // Release/acquire between blocks (issue 3): a refuted ordering.
  case model::FindingKind::Ordering: return "memory-ordering";
  default: return std::string(model::findingKindName(f.kind));
  }
}

Value kernelJson(const model::KernelResult &r, const model::Kernel *k, const std::string &unit) {
  bool warp = false, grid = false, global = false;
  if (k) {
    if (k->body) scanBarriers(*k->body, warp, grid);
    for (const auto &reg : k->regions) global |= reg.space == model::AddressSpace::Global;
  }
  std::map<std::string, unsigned> refuted;
  bool anyUnknown = false;
  for (const auto &f : r.findings) {
    refuted[propertyOf(f)]++;
    anyUnknown |= f.kind == model::FindingKind::Unknown;
  }
  Array props;
  std::set<std::string> listed;
  auto add = [&](const Property &p, bool applies) {
    listed.insert(p.name);
    std::string status;
    if (refuted.count(p.name)) status = p.name == std::string(kModelled.name) ? "not-proved" : "refuted";
    else if (!applies) status = "not-applicable";
    else if (anyUnknown) status = "not-proved";
    else status = "proved";
    Object o{{"name", p.name}, {"status", status}, {"description", p.description}};
    if (refuted.count(p.name)) o["findings"] = int64_t(refuted[p.name]);
    props.push_back(std::move(o));
  };
  add(kRaceWithin, true);
  add(kRaceBetween, global || grid);
  add(kBarrierUniform, true);
  add(kWarpSync, warp);
  add(kGridSync, grid);
  add(kModelled, true);
  for (auto &[name, n] : refuted)
    if (!listed.count(name)) props.push_back(Object{{"name", name}, {"status", "refuted"}, {"findings", int64_t(n)}});
  Array assumptions;
  for (const auto &a : r.assumptions) assumptions.push_back(a);
  return Object{{"name", r.kernel},
                {"file", r.loc.file},
                {"line", int64_t(r.loc.line)},
                {"translationUnit", unit},
                {"verdict", model::verdictName(r.verdict)},
                {"findings", int64_t(r.findings.size())},
                {"queries", int64_t(r.queries)},
                {"properties", std::move(props)},
                {"assumptions", std::move(assumptions)}};
}

Value dimsJson(const uint64_t *lo, const uint64_t *hi) {
  Array min, max;
  for (int i = 0; i < 3; ++i) {
    min.push_back(int64_t(lo[i]));
    max.push_back(int64_t(hi[i]));
  }
  return Object{{"min", std::move(min)}, {"max", std::move(max)}};
}

Value launchJson(const model::LaunchShape &l) {
  Array params;
  for (const auto &p : l.paramRanges) params.push_back(Object{{"name", p.name}, {"min", p.min}, {"max", p.max}});
  Object o{{"description", l.describe()},
           {"grid", dimsJson(l.gridMin, l.gridMax)},
           {"block", dimsJson(l.blockMin, l.blockMax)},
           {"dynamicSmem", l.dynamicSmem ? Value(int64_t(*l.dynamicSmem)) : Value(nullptr)},
           {"cooperative", l.cooperative},
           {"pointersMayAlias", l.pointersMayAlias},
           {"params", std::move(params)}};
  return std::move(o);
}

Value stringsJson(const std::vector<std::string> &v) {
  Array a;
  for (const auto &s : v) a.push_back(s);
  return std::move(a);
}

Value argsJson(const CheckArgs &a) {
  return Object{{"files", stringsJson(a.files)},
                {"compileCommandsDir", a.compileCommandsDir},
                {"extraArgs", stringsJson(a.extraArgs)},
                {"kernels", stringsJson(a.kernels)},
                {"cudaPath", a.cudaPath},
                {"grid", a.grid},
                {"block", a.block},
                {"dynamicSmem", a.dynamicSmem},
                {"cooperative", a.cooperative},
                {"spec", a.specFile},
                {"params", stringsJson(a.params)},
                {"memory", stringsJson(a.memory)},
                {"distinctElements", stringsJson(a.distinct)},
                {"elementRanges", stringsJson(a.elementRanges)},
                {"residency", stringsJson(a.residency)},
                {"timeoutMs", int64_t(a.timeoutMs)},
                {"rlimit", int64_t(a.rlimit)}};
}

struct Input {
  std::string role, path, sha256;
};

bool fromJSON(const Value &v, Input &in, llvm::json::Path p) {
  llvm::json::ObjectMapper o(v, p);
  if (!(o && o.map("role", in.role) && o.map("path", in.path) && o.map("sha256", in.sha256))) return false;
  if (in.sha256.size() != 64 || in.sha256.find_first_not_of("0123456789abcdef") != std::string::npos) {
    p.field("sha256").report("expected 64 lowercase hex digits");
    return false;
  }
  if (!llvm::sys::path::is_absolute(in.path)) {
    p.field("path").report("expected an absolute path");
    return false;
  }
  return true;
}

struct Unit {
  std::string file;
  std::vector<int64_t> inputs;
};

bool fromJSON(const Value &v, Unit &u, llvm::json::Path p) {
  llvm::json::ObjectMapper o(v, p);
  return o && o.map("file", u.file) && o.map("inputs", u.inputs);
}

struct Tool {
  std::string syncproof, z3, llvm;
};

bool fromJSON(const Value &v, Tool &t, llvm::json::Path p) {
  llvm::json::ObjectMapper o(v, p);
  return o && o.map("syncproof", t.syncproof) && o.map("z3", t.z3) && o.map("llvm", t.llvm);
}

struct Certificate {
  std::string format;
  int64_t version = 0;
  std::string verdict;
  Tool tool;
  std::string workingDirectory;
  std::map<std::string, std::optional<std::string>> environment;
  CheckArgs options;
  std::vector<Input> inputs;
  std::vector<Unit> units;
};

bool fromJSON(const Value &v, Certificate &c, llvm::json::Path p) {
  llvm::json::ObjectMapper o(v, p);
  if (!o) return false;
  if (!o.map("format", c.format)) return false;
  if (c.format != kFormat) {
    p.field("format").report("not a syncproof certificate");
    return false;
  }
  if (!o.map("formatVersion", c.version)) return false;
  if (c.version != kFormatVersion) {
    p.field("formatVersion").report("unsupported certificate format version");
    return false;
  }
  if (!(o.map("verdict", c.verdict) && o.map("tool", c.tool) && o.map("workingDirectory", c.workingDirectory) &&
        o.map("environment", c.environment) && o.map("options", c.options) && o.map("inputs", c.inputs) &&
        o.map("translationUnits", c.units)))
    return false;
  if (c.options.files.empty()) {
    p.field("options").field("files").report("no input files");
    return false;
  }
  if (c.units.size() != c.options.files.size()) {
    p.field("translationUnits").report("expected one translation unit per input file");
    return false;
  }
  bool haveSource = false;
  for (const auto &in : c.inputs) haveSource |= in.role == "source";
  if (!haveSource) {
    p.field("inputs").report("no source input");
    return false;
  }
  for (size_t i = 0; i < c.units.size(); ++i)
    for (int64_t ix : c.units[i].inputs)
      if (ix < 0 || size_t(ix) >= c.inputs.size()) {
        p.field("translationUnits").index(i).field("inputs").report("input index out of range");
        return false;
      }
  return true;
}

// Runs `program args` and waits; stdout and stderr go to `outPath` (both),
// or are inherited when it is empty. Returns the exit code (-1: could not
// start, or exited with 126/127; -2: crashed), and `error` says why.
int runProgram(const std::string &program, const std::vector<std::string> &args,
               std::optional<std::vector<std::string>> env, const std::string &outPath, std::string &error,
               bool *started = nullptr) {
  std::vector<llvm::StringRef> argv;
  for (const auto &a : args) argv.push_back(a);
  std::vector<llvm::StringRef> envRefs;
  if (env)
    for (const auto &e : *env) envRefs.push_back(e);
  std::optional<llvm::StringRef> redirects[3] = {std::nullopt, llvm::StringRef(outPath), llvm::StringRef(outPath)};
  llvm::ArrayRef<std::optional<llvm::StringRef>> reds;
  if (!outPath.empty()) reds = redirects;
  bool failed = false;
  int rc = llvm::sys::ExecuteAndWait(program, argv,
                                     env ? std::optional<llvm::ArrayRef<llvm::StringRef>>(envRefs) : std::nullopt,
                                     reds, 0, 0, &error, &failed);
  if (started) *started = !failed;
  if (failed) return -1;
  return rc;
}

std::string quoteArgs(const std::vector<std::string> &args) {
  std::string s;
  for (const auto &a : args) {
    if (!s.empty()) s += ' ';
    bool plain = !a.empty() && a.find_first_of(" \t\n'\"\\$`*?[]{}()<>|&;#~") == std::string::npos;
    if (plain) s += a;
    else {
      s += '\'';
      for (char ch : a) s += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
      s += '\'';
    }
  }
  return s;
}

void refuse(const std::string &msg) { llvm::errs() << "syncproof gate: refused: " << msg << "\n"; }

}  // namespace

// ------------------------------------------------------------ check side

bool fromJSON(const Value &v, CheckArgs &a, llvm::json::Path p) {
  llvm::json::ObjectMapper o(v, p);
  return o && o.map("files", a.files) && o.map("compileCommandsDir", a.compileCommandsDir) &&
         o.map("extraArgs", a.extraArgs) && o.map("kernels", a.kernels) && o.map("cudaPath", a.cudaPath) &&
         o.map("grid", a.grid) && o.map("block", a.block) && o.map("dynamicSmem", a.dynamicSmem) &&
         o.map("cooperative", a.cooperative) && o.map("spec", a.specFile) && o.map("params", a.params) &&
         o.mapOptional("memory", a.memory) && o.mapOptional("distinctElements", a.distinct) &&
         o.mapOptional("elementRanges", a.elementRanges) && o.mapOptional("residency", a.residency) && o.map("timeoutMs", a.timeoutMs) && o.map("rlimit", a.rlimit);
}


std::vector<std::string> CheckArgs::toArgv() const {
  std::vector<std::string> a = {"check"};
  if (!compileCommandsDir.empty()) a.push_back("-p=" + compileCommandsDir);
  for (const auto &e : extraArgs) a.push_back("--extra-arg=" + e);
  for (const auto &k : kernels) a.push_back("--kernel=" + k);
  if (!cudaPath.empty()) a.push_back("--cuda-path=" + cudaPath);
  if (!specFile.empty()) a.push_back("--spec=" + specFile);
  if (!grid.empty()) a.push_back("--grid=" + grid);
  if (!block.empty()) a.push_back("--block=" + block);
  if (!dynamicSmem.empty()) a.push_back("--dynamic-smem=" + dynamicSmem);
  if (cooperative) a.push_back("--cooperative");
  for (const auto &p : params) a.push_back("--param=" + p);
  for (const auto &m : memory) a.push_back("--memory=" + m);
  for (const auto &d : distinct) a.push_back("--distinct-elements=" + d);
  for (const auto &r : elementRanges) a.push_back("--element-range=" + r);
  for (const auto &r : residency) a.push_back(r);
  a.push_back("--timeout=" + std::to_string(timeoutMs));
  a.push_back("--rlimit=" + std::to_string(rlimit));
  a.push_back("--");
  for (const auto &f : files) a.push_back(f);
  return a;
}

bool sha256File(const std::string &path, std::string &hex) {
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buf) return false;
  auto h = llvm::SHA256::hash(llvm::arrayRefFromStringRef((*buf)->getBuffer()));
  hex = llvm::toHex(h, /*LowerCase=*/true);
  return true;
}

bool writeCertificate(const std::string &path, const CheckArgs &args, const CheckRequest &req,
                      const Report &report, const frontend::Result &parsed, const std::string &selfPath,
                      std::string &error) {
  // Inputs: every file read by every translation unit, then the spec, the
  // compile database and the executable.
  Array inputs, units;
  std::map<std::string, size_t> index;
  std::set<std::string> mains;
  for (const auto &u : parsed.units) mains.insert(absolute(u.file, /*likeFrontend=*/true));
  auto addInput = [&](const std::string &p, const std::string &role) -> std::optional<size_t> {
    auto it = index.find(p);
    if (it != index.end()) return it->second;
    std::string hex;
    if (!sha256File(p, hex)) {
      error = "cannot read '" + p + "' to hash it for the certificate";
      return std::nullopt;
    }
    uint64_t size = 0;
    fs::file_size(p, size);
    index[p] = inputs.size();
    inputs.push_back(Object{{"role", role}, {"path", p}, {"sha256", hex}, {"size", int64_t(size)}});
    return inputs.size() - 1;
  };
  for (const auto &u : parsed.units) {
    Array ix;
    for (const auto &r : u.reads) {
      auto i = addInput(r, mains.count(r) ? "source" : "header");
      if (!i) return false;
      ix.push_back(int64_t(*i));
    }
    units.push_back(Object{{"file", u.file}, {"inputs", std::move(ix)}});
  }
  if (!args.specFile.empty() && !addInput(absolute(args.specFile), "spec")) return false;
  // Memory contents the contract gives are values the proof used.
  for (const auto &f : args.memoryFiles)
    if (!addInput(absolute(f), "memory")) return false;
  // The device table decides co-residency when a device is named.
  if (!args.deviceTable.empty() && !addInput(absolute(args.deviceTable), "spec")) return false;
  // So do the kernels' registers and shared memory from an nvcc build.
  if (!args.resourceUsage.empty() && !addInput(absolute(args.resourceUsage), "resource-usage")) return false;
  for (const auto &t : args.resourceTools)
    if (!addInput(absolute(t), "tool")) return false;
  if (!args.compileCommandsDir.empty() &&
      !addInput(absolute(args.compileCommandsDir + "/compile_commands.json"), "compile-commands"))
    return false;
  if (!selfPath.empty() && !addInput(absolute(selfPath), "tool")) return false;

  Array kernels;
  for (size_t i = 0; i < report.kernels.size(); ++i) {
    const model::Kernel *k = i < parsed.module.kernels.size() ? &parsed.module.kernels[i] : nullptr;
    std::string unit;
    for (const auto &u : parsed.units)
      if (i >= u.firstKernel && i < u.firstKernel + u.kernelCount) unit = u.file;
    kernels.push_back(kernelJson(report.kernels[i], k, unit));
  }
  Object env;
  for (const char *v : kEnvVars) {
    const char *val = getenv(v);
    env[v] = val ? Value(val) : Value(nullptr);
  }
  Object cert{
      {"format", kFormat},
      {"formatVersion", kFormatVersion},
      {"verdict", model::verdictName(overallVerdict(report))},
      {"tool", Object{{"syncproof", SYNCPROOF_VERSION},
                      {"z3", checker::solverVersion()},
                      {"llvm", LLVM_VERSION_STRING},
                      {"executable", selfPath.empty() ? std::string() : absolute(selfPath)}}},
      {"workingDirectory", currentDir()},
      {"environment", std::move(env)},
      {"options", argsJson(args)},
      {"recheckCommand", stringsJson(args.toArgv())},
      {"clangArgs", stringsJson(parsed.clangArgs)},
      {"launch", launchJson(req.spec.launch)},
      {"inputs", std::move(inputs)},
      {"translationUnits", std::move(units)},
      {"kernels", std::move(kernels)},
  };
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, fs::OF_Text);
  if (ec) {
    error = "cannot write certificate '" + path + "': " + ec.message();
    return false;
  }
  os << llvm::formatv("{0:2}", Value(std::move(cert))) << "\n";
  os.close();
  if (os.has_error()) {
    error = "cannot write certificate '" + path + "': " + os.error().message();
    os.clear_error();
    return false;
  }
  return true;
}

// ------------------------------------------------------------ gate side

namespace {
// The certificate in `text`, or false with `error`.
bool parseCertificate(llvm::StringRef text, Certificate &cert, std::string &error) {
  if (jsonNestingDepth(text) > kMaxJsonNesting) {
    error = "nested more than " + std::to_string(kMaxJsonNesting) + " levels deep";
    return false;
  }
  auto parsedJson = llvm::json::parse(text);
  if (!parsedJson) {
    error = llvm::toString(parsedJson.takeError());
    return false;
  }
  llvm::json::Path::Root root("certificate");
  if (!fromJSON(*parsedJson, cert, root)) {
    error = llvm::toString(root.getError());
    return false;
  }
  return true;
}
}  // namespace

bool readCertificateText(llvm::StringRef text, std::string &error) {
  Certificate cert;
  return parseCertificate(text, cert, error);
}

int runGate(const GateOptions &opts) {
  auto bad = [&](const std::string &msg) {
    llvm::errs() << "syncproof gate: error: " << msg << "\n";
    return int(GateBadCertificate);
  };
  auto t0 = std::chrono::steady_clock::now();
  auto buf = llvm::MemoryBuffer::getFile(opts.certificate, /*IsText=*/true);
  if (!buf) return bad("cannot read certificate '" + opts.certificate + "': " + buf.getError().message());
  Certificate cert;
  if (std::string why; !parseCertificate((*buf)->getBuffer(), cert, why))
    return bad("malformed certificate '" + opts.certificate + "': " + why);
  if (cert.verdict != "proved") {
    refuse("the certificate records the verdict '" + cert.verdict +
           "'; only a certificate of a proved check is accepted");
    return GateRefused;
  }

  // 1. Hashes of every bound input.
  std::vector<std::string> changes;
  std::set<size_t> changedInputs;
  bool changedGlobal = false;  // something every translation unit depends on
  for (size_t i = 0; i < cert.inputs.size(); ++i) {
    const Input &in = cert.inputs[i];
    std::string hex;
    bool ok = sha256File(in.path, hex);
    if (opts.verbose)
      llvm::errs() << "syncproof gate: " << (ok ? (hex == in.sha256 ? "unchanged" : "modified ") : "missing  ")
                   << " " << in.role << " " << in.path << "\n";
    if (ok && hex == in.sha256) continue;
    changedInputs.insert(i);
    changes.push_back(in.role + " '" + in.path + "' " + (ok ? "was modified" : "is missing"));
    if (in.role != "source" && in.role != "header") changedGlobal = true;
  }
  // 2. Versions.
  auto version = [&](const char *what, const std::string &then, const std::string &now) {
    if (then == now) return;
    changes.push_back(std::string(what) + " version changed from " + then + " to " + now);
    changedGlobal = true;
  };
  version("syncproof", cert.tool.syncproof, SYNCPROOF_VERSION);
  version("Z3", cert.tool.z3, checker::solverVersion());
  version("LLVM", cert.tool.llvm, LLVM_VERSION_STRING);
  double hashMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();

  if (changes.empty()) {
    llvm::errs() << "syncproof gate: certificate valid: " << cert.inputs.size()
                 << " inputs unchanged and versions match; the proof stands, no re-check\n";
    if (opts.verbose) llvm::errs() << "syncproof gate: validated in " << llvm::formatv("{0:f1}", hashMs) << " ms\n";
  } else {
    for (const auto &c : changes) llvm::errs() << "syncproof gate: changed since certification: " << c << "\n";
    if (opts.noRecheck) {
      refuse("the inputs changed since the proof (see above) and --no-recheck was given");
      return GateRefused;
    }
    // 3. Re-check what changed: only the translation units that read a
    // changed file, unless something every unit depends on changed (spec,
    // compile database, executable, versions). Kernel names and parameter
    // ranges apply to the subset as to the whole; where one names something
    // only in another file, the subset fails on its input and everything is
    // re-checked.
    CheckArgs args = cert.options;
    if (!changedGlobal) {
      std::vector<std::string> files;
      for (size_t u = 0; u < cert.units.size(); ++u) {
        bool affected = false;
        for (int64_t ix : cert.units[u].inputs) affected |= changedInputs.count(size_t(ix)) > 0;
        if (affected) files.push_back(cert.options.files[u]);
      }
      args.files = files;
    }
    // The recorded environment (variables that change what is read).
    std::vector<std::string> env;
    for (char **e = environ; e && *e; ++e) {
      llvm::StringRef kv(*e);
      bool ours = false;
      for (const char *v : kEnvVars) ours |= kv.starts_with(std::string(v) + "=");
      if (!ours) env.push_back(kv.str());
    }
    // Only the variables syncproof itself reads: a certificate must not set
    // LD_PRELOAD and the like for the re-check.
    for (const char *name : kEnvVars) {
      auto it = cert.environment.find(name);
      if (it != cert.environment.end() && it->second) env.push_back(std::string(name) + "=" + *it->second);
    }
    std::string here = currentDir();
    if (std::error_code ec = fs::set_current_path(cert.workingDirectory)) {
      refuse("the inputs changed (see above) and the proof cannot be re-checked: working directory '" +
             cert.workingDirectory + "': " + ec.message());
      return GateRefused;
    }
    // Runs `syncproof check` with the recorded options on `files` in the
    // recorded working directory; returns its exit code, output and verdict.
    std::string output, newVerdict, err;
    auto recheck = [&](const std::vector<std::string> &files) {
      CheckArgs a = args;
      a.files = files;
      llvm::SmallString<128> tmpCert, tmpOut;
      fs::createTemporaryFile("syncproof-gate", "json", tmpCert);
      fs::createTemporaryFile("syncproof-gate", "txt", tmpOut);
      std::vector<std::string> checkArgv = a.toArgv();
      // Options go before the "--" that ends them.
      checkArgv.insert(checkArgv.begin() + 1, "--certificate=" + std::string(tmpCert));
      std::vector<std::string> argv = {opts.selfPath};
      argv.insert(argv.end(), checkArgv.begin(), checkArgv.end());
      llvm::errs() << "syncproof gate: re-checking " << files.size() << " of " << cert.options.files.size()
                   << " file(s) in " << cert.workingDirectory << ": syncproof " << quoteArgs(checkArgv) << "\n";
      int rc = runProgram(opts.selfPath, argv, env, std::string(tmpOut), err);
      auto out = llvm::MemoryBuffer::getFile(tmpOut, /*IsText=*/true);
      output = out ? (*out)->getBuffer().str() : std::string();
      fs::remove(tmpOut);
      newVerdict.clear();
      if (auto nb = llvm::MemoryBuffer::getFile(tmpCert, /*IsText=*/true))
        if (auto v = llvm::json::parse((*nb)->getBuffer()))
          if (auto *o = v->getAsObject())
            if (auto s = o->getString("verdict")) newVerdict = s->str();
      fs::remove(tmpCert);
      return rc;
    };
    auto r0 = std::chrono::steady_clock::now();
    int rc = recheck(args.files);
    // A subset can fail on its input where the whole did not (e.g. a range
    // for a parameter of a kernel in another file): re-check everything.
    if (rc == 2 && args.files.size() != cert.options.files.size()) rc = recheck(cert.options.files);
    double recheckS = std::chrono::duration<double>(std::chrono::steady_clock::now() - r0).count();
    fs::set_current_path(here);
    if (rc != 0 || newVerdict != "proved") {
      llvm::errs() << output;
      std::string why = rc == 1   ? "the re-check found violations"
                        : rc == 3 ? "the re-check could not prove it (unknown)"
                        : rc == 2 ? "the re-check failed on its input"
                        : rc < 0  ? "the re-check could not run: " + err
                                  : "the re-check exited with " + std::to_string(rc);
      refuse("the proof no longer stands: " + changes.front() +
             (changes.size() > 1 ? " (and " + std::to_string(changes.size() - 1) + " more change(s))" : "") +
             ", and " + why);
      return GateRefused;
    }
    if (opts.verbose) llvm::errs() << output;
    llvm::errs() << "syncproof gate: re-check proved it again in " << llvm::formatv("{0:f1}", recheckS)
                 << " s; the proof stands\n";
  }

  // 4. The command.
  if (opts.command.empty()) return 0;
  std::string program = opts.command[0];
  if (program.find('/') == std::string::npos) {
    auto found = llvm::sys::findProgramByName(program);
    if (!found) {
      llvm::errs() << "syncproof gate: error: command not found: '" << program << "'\n";
      return GateCommandFailed;
    }
    program = *found;
  }
  if (opts.verbose) llvm::errs() << "syncproof gate: running " << quoteArgs(opts.command) << "\n";
  llvm::outs().flush();
  llvm::errs().flush();
  std::string err;
  bool started = true;
  int rc = runProgram(program, opts.command, std::nullopt, "", err, &started);
  if (!started) {
    llvm::errs() << "syncproof gate: error: cannot run '" << opts.command[0] << "': " << err << "\n";
    return GateCommandFailed;
  }
  if (rc == -1) {
    // LLVM reports exit codes 126 and 127 of a started program as -1.
    return err.find("No such file") != std::string::npos ? 127 : 126;
  }
  if (rc < 0) {
    llvm::errs() << "syncproof gate: error: '" << opts.command[0] << "' terminated abnormally: " << err << "\n";
    return GateCommandFailed;
  }
  return rc;
}

}  // namespace syncproof::driver
