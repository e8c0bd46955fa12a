#include "driver/pipeline.h"

#include "driver/resource_usage.h"

#include <set>
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/thread.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

#include <cstdint>

namespace syncproof::driver {

bool parseRequest(const CheckRequest &req, frontend::Result &parsed, std::string &error) {
  const frontend::Options &fo = req.frontend;
  for (const auto &f : fo.files) {
    if (fo.overlays.count(f)) continue;  // an unsaved buffer
    if (!llvm::sys::fs::exists(f)) { error = "no such file: '" + f + "'"; return false; }
    if (llvm::sys::fs::is_directory(f)) { error = "'" + f + "' is a directory, not a CUDA source file"; return false; }
  }
  if (!fo.compileCommandsDir.empty() && !llvm::sys::fs::exists(fo.compileCommandsDir + "/compile_commands.json")) {
    error = "no compile_commands.json in '" + fo.compileCommandsDir + "'";
    return false;
  }

  // Contents of global memory the contract gives: read before the parse
  // (the frontend turns their loads into table lookups).
  frontend::Options withMemory;
  const frontend::Options *opts = &fo;
  if (!req.spec.memory.empty()) {
    withMemory = fo;
    for (const MemorySpec &m : req.spec.memory) {
      auto bytes = std::make_shared<std::vector<uint8_t>>();
      if (!readMemoryFile(m.file, m.element, *bytes, error)) return false;
      if (withMemory.memory.count(m.param)) { error = "the contents of '" + m.param + "' are given twice"; return false; }
      withMemory.memory[m.param] = {bytes, m.file + " (" + std::to_string(bytes->size()) + " bytes)"};
    }
    opts = &withMemory;
  }
  parsed = req.session ? req.session->parse(*opts) : frontend::parse(*opts);
  if (!parsed.ok) { error = parsed.error; return false; }
  // Each names a pointer parameter of a checked kernel: contents given for a
  // misspelt name would silently leave the memory arbitrary.
  for (const MemorySpec &m : req.spec.memory) {
    bool found = false;
    for (const auto &k : parsed.module.kernels)
      for (const auto &r : k.regions) found |= r.name == m.param && !r.constSource.empty();
    if (!found && !req.lenientSelection) {
      error = "memory: no pointer parameter named '" + m.param + "' in the checked kernels";
      return false;
    }
  }
  // So does each parameter whose elements the contract makes distinct or
  // bounds.
  std::vector<std::string> elementNames;
  for (const auto &d : req.spec.launch.distinctElements) elementNames.push_back(d.name);
  for (const auto &er : req.spec.launch.elementRanges) elementNames.push_back(er.name);
  for (const std::string &name : elementNames) {
    bool found = false, scalar = false;
    for (const auto &k : parsed.module.kernels)
      for (const auto &p : k.params) {
        found |= p.name == name && p.kind == model::Param::Kind::Pointer;
        scalar |= p.name == name && p.kind == model::Param::Kind::Scalar;
      }
    if (!found && !req.lenientSelection) {
      error = "distinct_elements/element_ranges: no pointer parameter named '" + name + "' in the checked kernels" +
              (scalar ? std::string(" ('" + name + "' is a scalar parameter; the contract speaks of the memory a "
                                                  "pointer parameter points to)")
                      : std::string());
      return false;
    }
  }
  for (const auto &want : fo.kernelNames) {
    bool found = false;
    for (const auto &k : parsed.module.kernels) found |= k.name == want || k.displayName == want;
    if (!found && !req.lenientSelection) { error = "no kernel named '" + want + "' in the input"; return false; }
  }

  // Every parameter range names a scalar parameter of a checked kernel and
  // fits its type: a contract that admits no launch would prove anything.
  for (const auto &pr : req.spec.launch.paramRanges) {
    bool found = false;
    for (const auto &k : parsed.module.kernels)
      for (const auto &p : k.params) {
        if (p.name != pr.name || p.kind != model::Param::Kind::Scalar) continue;
        found = true;
        unsigned w = p.width;
        int64_t lo, hi;
        if (w == 1) { lo = 0; hi = 1; }
        else if (p.isSigned) { lo = w >= 64 ? INT64_MIN : -(int64_t(1) << (w - 1)); hi = w >= 64 ? INT64_MAX : (int64_t(1) << (w - 1)) - 1; }
        else { lo = 0; hi = w >= 63 ? INT64_MAX : (int64_t(1) << w) - 1; }
        if (pr.min < lo || pr.max > hi) {
          error = "parameter '" + pr.name + "' of kernel '" + k.displayName + "' is a " +
                  (p.isSigned ? "signed " : "unsigned ") + std::to_string(w) + "-bit integer; the range [" +
                  std::to_string(pr.min) + ", " + std::to_string(pr.max) + "] does not fit it";
          return false;
        }
      }
    if (!found && !req.lenientSelection) {
      error = "no scalar parameter named '" + pr.name + "' in the checked kernels";
      return false;
    }
  }
  return true;
}

bool kernelLaunches(const CheckRequest &req, const frontend::Result &parsed, std::vector<model::LaunchShape> &launches,
                    std::string &error) {
  launches.clear();
  if (req.spec.device.empty()) return true;
  if (req.spec.resourceUsage.empty()) {
    // No resource usage from nvcc: the kernel's static __shared__ arrays
    // still count (each rounded up to 128 bytes, an over-estimate that only
    // admits fewer resident blocks), registers are the worst case (255)
    // unless stated.
    for (const auto &k : parsed.module.kernels) {
      uint64_t shared = 0;
      for (const auto &r : k.regions)
        if (r.space == model::AddressSpace::Shared && !r.dynamicShared && r.sizeBytes)
          shared += (*r.sizeBytes + 127) / 128 * 128;
      model::LaunchShape l = req.spec.launch;
      applyKernelResources(req.spec, std::nullopt, shared, "declared in the source", l);
      launches.push_back(l);
    }
    return true;
  }
  // Every checked kernel must be in the file (a silent default would hide a
  // wrong file or a stale build).
  ResourceTable table;
  std::string source, nvcc;
  if (req.spec.resourceUsage == "auto") {
    if (!runNvccResourceUsage(req.frontend.files, req.frontend.cudaPath, req.frontend.extraArgs, table, nvcc, error))
      return false;
    source = "from nvcc --resource-usage";
  } else {
    if (!loadResourceUsage(req.spec.resourceUsage, table, error)) return false;
    source = "from '" + req.spec.resourceUsage + "'";
  }
  for (const auto &k : parsed.module.kernels) {
    std::vector<const ResourceEntry *> found = findKernelResources(table, k);
    if (found.empty()) {
      std::string listed;
      for (const auto &e : table.entries)
        if (listed.find("'" + e.name + "'") == std::string::npos) listed += (listed.empty() ? "'" : ", '") + e.name + "'";
      error = (req.spec.resourceUsage == "auto" ? std::string("the output of nvcc --resource-usage")
                                                : "resource usage file '" + req.spec.resourceUsage + "'") +
              " does not mention kernel '" + k.displayName + "' (it lists " + listed + ")";
      launches.clear();
      return false;
    }
    // Several entries (architectures of a fat binary, overloads): the
    // largest values, which admit the fewest resident blocks.
    uint64_t regs = 0, shared = 0;
    for (const ResourceEntry *e : found) {
      regs = std::max(regs, e->registers);
      shared = std::max(shared, e->sharedBytes);
    }
    model::LaunchShape l = req.spec.launch;
    applyKernelResources(req.spec, regs, shared, source, l);
    launches.push_back(l);
  }
  return true;
}

// Why CUDA refuses the launch configuration `h` ("" when it does not):
// a zero dimension, one past the limits of every compute capability, or a
// block larger than the kernel's __launch_bounds__.
static std::string invalidConfiguration(const model::HostLaunch &h, uint64_t maxThreadsPerBlock) {
  const uint64_t gridLimit[3] = {2147483647ull, 65535, 65535}, blockLimit[3] = {1024, 1024, 64};
  const char *xyz = "xyz";
  for (int i = 0; i < 3; ++i) {
    if (h.grid[i] == 0 || h.block[i] == 0)
      return std::string(h.grid[i] == 0 ? "grid" : "block") + "." + xyz[i] + " is 0";
    if (h.grid[i] > gridLimit[i])
      return "grid." + std::string(1, xyz[i]) + " = " + std::to_string(h.grid[i]) + " exceeds " +
             std::to_string(gridLimit[i]);
    if (h.block[i] > blockLimit[i])
      return "block." + std::string(1, xyz[i]) + " = " + std::to_string(h.block[i]) + " exceeds " +
             std::to_string(blockLimit[i]);
  }
  if (h.block[0] * h.block[1] * h.block[2] > 1024)
    return "a block of " + std::to_string(h.block[0] * h.block[1] * h.block[2]) + " threads exceeds 1024";
  if (maxThreadsPerBlock && h.block[0] * h.block[1] * h.block[2] > maxThreadsPerBlock)
    return "a block of " + std::to_string(h.block[0] * h.block[1] * h.block[2]) + " threads exceeds its " +
           "__launch_bounds__ of " + std::to_string(maxThreadsPerBlock);
  return "";
}

std::optional<model::LaunchShape> hostLaunchShape(const model::Kernel &k, const model::LaunchShape &base,
                                                  std::string &from, std::string &why) {
  if (k.hostLaunches.empty()) return std::nullopt;
  model::LaunchShape l = base;
  bool first = true, coop = true, smemSame = true;
  std::optional<uint64_t> smem;
  std::map<std::string, std::pair<int64_t, int64_t>> args;  // constant in every launch: [min, max]
  std::map<std::string, unsigned> argLaunches;
  from.clear();
  size_t valid = 0;
  std::string skipped;
  for (const model::HostLaunch &h : k.hostLaunches) {
    std::string at = h.loc.file + ":" + std::to_string(h.loc.line);
    if (!h.known) {
      why = "the launch at " + at + ": " + h.why;
      return std::nullopt;
    }
    // A configuration CUDA refuses (cudaErrorInvalidConfiguration) runs no
    // thread: it constrains nothing.
    if (std::string bad = invalidConfiguration(h, k.maxThreadsPerBlock); !bad.empty()) {
      skipped += (skipped.empty() ? "" : "; ") + std::string("the launch at ") + at + " runs nothing (" + bad + ")";
      continue;
    }
    ++valid;
    from += (from.empty() ? "" : ", ") + at;
    for (int i = 0; i < 3; ++i) {
      l.gridMin[i] = first ? h.grid[i] : std::min(l.gridMin[i], h.grid[i]);
      l.gridMax[i] = first ? h.grid[i] : std::max(l.gridMax[i], h.grid[i]);
      l.blockMin[i] = first ? h.block[i] : std::min(l.blockMin[i], h.block[i]);
      l.blockMax[i] = first ? h.block[i] : std::max(l.blockMax[i], h.block[i]);
    }
    coop = coop && h.cooperative;
    if (first) smem = h.dynamicSmem;
    else if (smem != h.dynamicSmem) smemSame = false;
    for (const auto &[name, v] : h.constantArgs) {
      auto [it, fresh] = args.emplace(name, std::make_pair(v, v));
      if (!fresh) it->second = {std::min(it->second.first, v), std::max(it->second.second, v)};
      ++argLaunches[name];
    }
    first = false;
  }
  if (!skipped.empty()) from += (from.empty() ? "" : "; ") + skipped;
  if (valid == 0) {
    why = skipped;
    return std::nullopt;
  }
  l.cooperative = coop;
  l.dynamicSmem = smemSame ? smem : std::nullopt;
  for (const auto &[name, range] : args) {
    if (argLaunches[name] != valid) continue;
    bool given = false;
    for (const auto &pr : l.paramRanges) given |= pr.name == name;
    if (!given) l.paramRanges.push_back({name, range.first, range.second});
  }
  return l;
}

std::vector<model::LaunchShape> hostLaunchShapesEach(const model::Kernel &k, const model::LaunchShape &base) {
  std::vector<model::LaunchShape> out;
  std::set<std::string> seen;
  for (const model::HostLaunch &h : k.hostLaunches) {
    if (!h.known) return {};
    if (!invalidConfiguration(h, k.maxThreadsPerBlock).empty()) continue;
    model::LaunchShape l = base;
    for (int i = 0; i < 3; ++i) {
      l.gridMin[i] = l.gridMax[i] = h.grid[i];
      l.blockMin[i] = l.blockMax[i] = h.block[i];
    }
    l.cooperative = h.cooperative;
    l.dynamicSmem = h.dynamicSmem;
    std::string key = l.describe();
    for (const auto &[name, v] : h.constantArgs) {
      bool given = false;
      for (const auto &pr : base.paramRanges) given |= pr.name == name;
      if (given) continue;
      l.paramRanges.push_back({name, v, v});
      key += " " + name + "=" + std::to_string(v);
    }
    if (seen.insert(key).second) out.push_back(l);
  }
  if (out.size() < 2 || out.size() > kMaxLaunchesEach) return {};
  return out;
}

model::KernelResult checkUnder(const model::Kernel &k, const checker::Options &opts,
                               const std::vector<model::LaunchShape> &each) {
  if (each.empty()) return checker::check(k, opts);
  std::vector<model::KernelResult> rs;
  for (const model::LaunchShape &l : each) {
    checker::Options one = opts;
    one.launch = l;
    rs.push_back(checker::check(k, one));
  }
  model::KernelResult out;
  out.kernel = rs[0].kernel;
  out.loc = rs[0].loc;
  std::set<std::string> findings, assumptions;
  bool violation = false, unknown = false;
  for (const model::KernelResult &r : rs) {
    violation |= r.verdict == model::Verdict::Violations;
    unknown |= r.verdict == model::Verdict::Unknown;
    for (const model::Finding &f : r.findings) {
      std::string key = std::to_string((int)f.kind) + "|" + f.loc.file + ":" + std::to_string(f.loc.line) + ":" +
                        std::to_string(f.loc.column) + "|" + f.message;
      if (findings.insert(key).second) out.findings.push_back(f);
    }
    for (const std::string &a : r.assumptions)
      if (assumptions.insert(a).second) out.assumptions.push_back(a);
    out.parseSeconds = std::max(out.parseSeconds, r.parseSeconds);
    out.solveSeconds += r.solveSeconds;
    out.queries += r.queries;
  }
  out.verdict = violation ? model::Verdict::Violations : unknown ? model::Verdict::Unknown : model::Verdict::Proved;
  return out;
}

void applyHostLaunches(const std::vector<model::Kernel> &kernels, const model::LaunchShape &base,
                       std::vector<model::LaunchShape> &launches, std::vector<std::string> &notes,
                       std::vector<std::vector<model::LaunchShape>> &each) {
  notes.assign(kernels.size(), "");
  each.assign(kernels.size(), {});
  for (size_t i = 0; i < kernels.size(); ++i) {
    const model::Kernel &k = kernels[i];
    each[i] = hostLaunchShapesEach(k, i < launches.size() ? launches[i] : base);
    std::string from, why;
    std::optional<model::LaunchShape> l = hostLaunchShape(k, i < launches.size() ? launches[i] : base, from, why);
    std::string &note = notes[i];
    note = "kernel '" + k.displayName + "': ";
    if (!l && why.empty()) {
      note += "no launch contract (no flags, no spec, no '// syncproof-args:' line, no launch in the host code of "
              "its file): checked for every launch shape, blocks of up to 1024 threads in three dimensions; state "
              "the shape with --block and --grid (docs/spec-format.md)";
      continue;
    }
    if (launches.empty()) launches.assign(kernels.size(), base);
    if (l) {
      launches[i] = *l;
      note += std::string("the contract from its launch") + (k.hostLaunches.size() > 1 ? "es at " : " at ") + from +
              ": " + l->describe();
    } else {
      note += why + "; checked for every launch shape (state one: --grid, --block)";
    }
  }
}

bool runCheck(const CheckRequest &req, Report &report, std::string &error, frontend::Result *parsedOut) {
  frontend::Result parsed;
  if (!parseRequest(req, parsed, error)) {
    if (parsedOut) *parsedOut = std::move(parsed);  // Clang's errors (ParseSession)
    return false;
  }
  checker::Options co = req.checker;
  co.launch = req.spec.launch;
  std::vector<model::LaunchShape> launches;
  if (!kernelLaunches(req, parsed, launches, error)) {
    if (parsedOut) *parsedOut = std::move(parsed);
    return false;
  }
  // Kernels launched with 2 to 4 distinct shapes: checked once per shape.
  std::vector<std::vector<model::LaunchShape>> each(parsed.module.kernels.size());
  if (req.hostLaunches) {
    std::vector<std::string> notes;
    applyHostLaunches(parsed.module.kernels, req.spec.launch, launches, notes, each);
    for (size_t i = 0; i < notes.size(); ++i)
      llvm::errs() << "syncproof: " << notes[i]
                   << (each[i].empty() ? "" : " (each of its " + std::to_string(each[i].size()) +
                                                  " launch shapes checked by itself)")
                   << "\n";
  }
  report.toolVersion = SYNCPROOF_VERSION;
  report.solverVersion = checker::solverVersion();
  report.files = req.frontend.files;
  report.internalErrors = parsed.internalErrors;
  double parseShare = parsed.module.kernels.empty() ? 0 : parsed.parseSeconds / parsed.module.kernels.size();
  for (size_t i = 0; i < parsed.module.kernels.size(); ++i) {
    const model::Kernel &k = parsed.module.kernels[i];
    if (i < launches.size()) co.launch = launches[i];
    model::KernelResult r;
    llvm::CrashRecoveryContext crc;
    if (!crc.RunSafely([&] { r = checkUnder(k, co, each[i]); })) {
      std::string where = k.loc.file + ":" + std::to_string(k.loc.line);
      report.internalErrors.push_back("in the checker at " + where + " (kernel '" + k.displayName + "')");
      r = model::KernelResult();
      r.kernel = k.displayName;
      r.loc = k.loc;
      r.verdict = model::Verdict::Unknown;
      model::Finding f;
      f.kind = model::FindingKind::Unknown;
      f.kernel = k.displayName;
      f.loc = k.loc;
      f.message = "internal error in the checker: this kernel was not checked; please report";
      r.findings.push_back(f);
    }
    model::linkCauses(r);
    r.parseSeconds = parseShare;
    report.kernels.push_back(std::move(r));
  }
  if (parsedOut) *parsedOut = std::move(parsed);
  return true;
}

void onCheckStack(llvm::function_ref<void()> work) {
  llvm::thread worker(std::optional<unsigned>(kCheckStackBytes), [work] { work(); });
  worker.join();
}

}  // namespace syncproof::driver
