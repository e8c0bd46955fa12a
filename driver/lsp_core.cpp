#include "driver/lsp_core.h"

#include "driver/pipeline.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <csignal>
#include <exception>

namespace syncproof::driver::lsp {

namespace {

std::string absolute(const std::string &f) {
  llvm::SmallString<256> p(f);
  llvm::sys::fs::make_absolute(p);
  llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
  return std::string(p);
}

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

std::string findCompileCommandsDir(const std::string &file) {
  llvm::SmallString<256> dir(absolute(file));
  llvm::sys::path::remove_filename(dir);
  while (!dir.empty()) {
    for (const char *sub : {"", "build"}) {
      llvm::SmallString<256> cand(dir);
      if (*sub) llvm::sys::path::append(cand, sub);
      llvm::SmallString<256> db(cand);
      llvm::sys::path::append(db, "compile_commands.json");
      if (llvm::sys::fs::is_regular_file(db)) return std::string(cand);
    }
    llvm::StringRef parent = llvm::sys::path::parent_path(dir);
    if (parent == dir) break;
    dir = parent;
  }
  return "";
}

std::string findSpecFile(const std::string &file) {
  llvm::SmallString<256> dir(absolute(file));
  llvm::sys::path::remove_filename(dir);
  while (!dir.empty()) {
    llvm::SmallString<256> cand(dir);
    llvm::sys::path::append(cand, ".syncproof.yaml");
    if (llvm::sys::fs::is_regular_file(cand)) return std::string(cand);
    llvm::StringRef parent = llvm::sys::path::parent_path(dir);
    if (parent == dir) break;
    dir = parent;
  }
  return "";
}

// ------------------------------------------------------------------ fingerprints

// Every field of the model the checker may read goes into the key. When a
// field is added to the model, these asserts fail: add it below too (a field
// left out would let a changed kernel reuse a stale verdict).
static_assert(sizeof(model::Expr) == 112, "model::Expr changed: update kernelFingerprint");
static_assert(sizeof(model::Stmt) == 656, "model::Stmt changed: update kernelFingerprint");
static_assert(sizeof(model::Region) == 176, "model::Region changed: update kernelFingerprint");
static_assert(sizeof(model::Param) == 48, "model::Param changed: update kernelFingerprint");
static_assert(sizeof(model::Variable) == 80, "model::Variable changed: update kernelFingerprint");
static_assert(sizeof(model::Kernel) == 288, "model::Kernel changed: update kernelFingerprint");
static_assert(sizeof(model::LaunchShape) == 248, "model::LaunchShape changed: update kernelFingerprint");

namespace {

struct Fingerprinter {
  const std::string &mainFile;
  unsigned base;  // the kernel's line
  std::string out;

  void str(const std::string &s) { out += std::to_string(s.size()) + ":" + s; }
  void num(int64_t v) { out += std::to_string(v) + ","; }
  void loc(const model::SourceLoc &l) {
    if (l.file == mainFile) {
      out += "@";
      num((int64_t)l.line - base);
    } else {
      str(l.file);
      num(l.line);
    }
    num(l.column);
  }
  void bytes(const std::shared_ptr<const std::vector<uint8_t>> &b) {
    if (!b) { out += "-"; return; }
    out += std::to_string(b->size()) + "#";
    for (uint8_t x : *b) out += (char)('a' + (x >> 4)), out += (char)('a' + (x & 15));
  }
  void expr(const model::ExprRef &e) {
    if (!e) { out += "~"; return; }
    out += "(";
    num((int)e->kind); num(e->width); num((int64_t)e->value); num(e->id); num((int)e->builtin); num((int)e->op);
    str(e->note); num(e->nsw); num(e->blockUniform);
    bytes(e->table);
    for (const auto &a : e->args) expr(a);
    out += ")";
  }
  void stmt(const model::StmtRef &s) {
    if (!s) { out += "~"; return; }
    out += "{";
    num((int)s->kind); loc(s->loc); num(s->id); num(s->label);
    for (auto &[line, it] : s->unrolledFrom) { num(line); num(it); }
    str(s->cases);
    num(s->var); expr(s->value);
    num(s->region); expr(s->offset); num(s->size); num((int)s->access); str(s->atomicOp); str(s->text);
    num((int)s->barrier); expr(s->barrierId); expr(s->barrierCount); expr(s->warpMask); num(s->arriveOnly);
    expr(s->cond); stmt(s->thenS); stmt(s->elseS);
    stmt(s->body); stmt(s->step); num(s->testFirst); num(s->breakLabel);
    str(s->reason);
    num((int)s->order); num((int)s->scope); num(s->isVolatile); num(s->nonCoherent); str(s->updateKind);
    expr(s->operand);
    num(s->resultVar); num(s->loadedHavoc); num((int)s->awaitCmp); expr(s->target);
    for (const auto &fl : s->fieldLoads) { num(fl.havoc); num((int64_t)fl.offset); num(fl.width); }
    expr(s->stored);
    num((int)s->mbarOp); expr(s->txBytes); num(s->srcRegion); expr(s->srcOffset); num(s->mbarRegion);
    expr(s->mbarOffset); num(s->token); num(s->tokenWait);
    out += "[";
    for (const auto &c : s->stmts) stmt(c);
    out += "]}";
  }
};

}  // namespace

std::string kernelFingerprint(const model::Kernel &k, const std::string &mainFile, const model::LaunchShape &launch,
                              unsigned rlimit, unsigned timeoutMs) {
  Fingerprinter f{mainFile, k.loc.file == mainFile ? k.loc.line : 0, ""};
  f.str(k.name); f.str(k.displayName); f.str(k.loc.file); f.num(k.loc.column);
  for (const auto &p : k.params) { f.str(p.name); f.num((int)p.kind); f.num(p.width); f.num(p.isSigned); f.num(p.region); }
  for (const auto &h : k.hostLaunches) {  // (a contract may come from them)
    f.num(h.known); f.str(h.why); f.num(h.cooperative); f.num(h.dynamicSmem ? (int64_t)*h.dynamicSmem : -1);
    for (int i = 0; i < 3; ++i) { f.num((int64_t)h.grid[i]); f.num((int64_t)h.block[i]); }
    for (const auto &[n, v] : h.constantArgs) { f.str(n); f.num(v); }
    for (const auto &[n, w] : h.hostWrittenArgs) { f.str(n); f.str(w); }
  }
  f.num((int64_t)k.maxThreadsPerBlock);
  for (const auto &[n, w] : k.hostWrittenSymbols) { f.str(n); f.str(w); }
  for (const auto &v : k.vars) { f.str(v.name); f.num(v.width); f.num(v.isSigned); f.loc(v.loc); }
  for (const auto &r : k.regions) {
    f.num(r.id); f.str(r.name); f.num((int)r.space); f.num(r.sizeBytes ? (int64_t)*r.sizeBytes : -1);
    f.num(r.dynamicShared); f.num(r.restrictQualified); f.num(r.deviceVar); f.num(r.initNonZero); f.loc(r.loc); f.bytes(r.constData); f.str(r.constSource);
    f.num(r.baseAlign); f.num((int64_t)r.elemSize);
  }
  f.num(k.nextLabel); f.num(k.nextHavoc); f.num(k.stmtCount);
  f.stmt(k.body);
  for (const auto &pm : k.pageMaps) {
    f.num(pm.table); f.num(pm.elementBytes); f.num(pm.elementSigned); f.num((int64_t)pm.rowLength);
    for (int r : pm.pageRegions) f.num(r);
    f.out += ";";
  }
  f.out += "|";
  for (int i = 0; i < 3; ++i) {
    f.num((int64_t)launch.gridMin[i]); f.num((int64_t)launch.gridMax[i]);
    f.num((int64_t)launch.blockMin[i]); f.num((int64_t)launch.blockMax[i]);
  }
  f.num(launch.dynamicSmem ? (int64_t)*launch.dynamicSmem : -1);
  f.num(launch.cooperative); f.num(launch.pointersMayAlias);
  f.num(launch.residentBlocks ? (int64_t)*launch.residentBlocks : -1); f.str(launch.device);
  for (const auto &pr : launch.paramRanges) { f.str(pr.name); f.num(pr.min); f.num(pr.max); }
  f.out += "|";
  for (const auto &d : launch.distinctElements) { f.str(d.name); f.num(d.atLeast ? 1 : 0); f.num(d.atLeast.value_or(0)); }
  f.out += "|";
  for (const auto &er : launch.elementRanges) { f.str(er.name); f.num(er.min); f.num(er.max); }
  f.num(rlimit); f.num(timeoutMs);
  return f.out;
}

namespace {

// Moves every location of `r` in `file` by `delta` lines.
void shiftLines(model::KernelResult &r, const std::string &file, int delta) {
  auto shift = [&](model::SourceLoc &l) {
    if (l.valid() && l.file == file) l.line = (unsigned)((int)l.line + delta);
  };
  shift(r.loc);
  for (auto &f : r.findings) {
    shift(f.loc);
    for (auto &rel : f.related) shift(rel.loc);
    for (auto &t : f.trace) shift(t.loc);
  }
}

}  // namespace

CheckResult checkDocument(const ServerOptions &opts, DocumentState &state, const std::string &path,
                          const std::string &text, int64_t version, const std::function<bool()> &cancelled) {
  auto t0 = std::chrono::steady_clock::now();
  CheckResult r;
  r.path = path;
  r.version = version;
  r.text = text;
  if (!opts.crashMarker.empty() && text.find(opts.crashMarker) != std::string::npos) std::raise(SIGSEGV);

  CheckRequest req;
  req.frontend.files = {path};
  req.frontend.overlays[path] = text;
  req.frontend.cudaPath = opts.cudaPath;
  req.frontend.extraArgs = opts.extraArgs;
  r.compileCommandsDir = findCompileCommandsDir(path);
  req.frontend.compileCommandsDir = r.compileCommandsDir;
  r.specFile = findSpecFile(path);
  if (!r.specFile.empty()) {
    std::string err;
    if (!loadSpec(r.specFile, req.spec, err) || !resolveResidency(req.spec, "", err)) {
      r.error = "launch contract " + err;
      r.totalSeconds = since(t0);
      return r;
    }
    req.frontend.kernelNames = req.spec.kernels;
  }
  // No spec file: the document's own contract, else its host launches (as
  // `syncproof check` does).
  unsigned contractLine = 0;
  std::string contractFlags;
  bool hostLaunches = false;
  if (r.specFile.empty() && opts.sourceContract) {
    std::string err;
    std::vector<std::string> extra;
    contractLine = opts.sourceContract(path, text, req.spec, extra, contractFlags, err);
    if (!err.empty()) {
      r.error = "the contract on line " + std::to_string(contractLine) + ": " + err;
      r.totalSeconds = since(t0);
      return r;
    }
    if (contractLine) {
      req.frontend.extraArgs.insert(req.frontend.extraArgs.end(), extra.begin(), extra.end());
      req.frontend.kernelNames = req.spec.kernels;
    }
    hostLaunches = contractLine == 0;
  }
  req.checker.rlimit = opts.rlimit;
  req.checker.timeoutMs = opts.timeoutMs;
  req.checker.launch = req.spec.launch;
  req.session = &state.session;

  frontend::Result parsed;
  std::string err;
  bool ok = parseRequest(req, parsed, err);
  r.clangDiags = parsed.diags;
  r.reusedPreamble = parsed.reusedPreamble;
  r.parseSeconds = parsed.parseSeconds;
  if (!ok) {
    r.error = err;
    r.totalSeconds = since(t0);
    return r;
  }
  std::vector<model::LaunchShape> launches;
  if (!kernelLaunches(req, parsed, launches, err)) {
    r.error = "launch contract " + err;
    r.totalSeconds = since(t0);
    return r;
  }
  std::vector<std::vector<model::LaunchShape>> each(parsed.module.kernels.size());
  if (hostLaunches) {
    std::vector<std::string> notes;
    applyHostLaunches(parsed.module.kernels, req.spec.launch, launches, notes, each);
    for (size_t i = 0; i < notes.size(); ++i) r.contractNotes.push_back({parsed.module.kernels[i].loc, notes[i]});
  } else if (contractLine) {
    for (const model::Kernel &k : parsed.module.kernels)
      r.contractNotes.push_back({k.loc, "kernel '" + k.displayName + "': the file's contract (line " +
                                            std::to_string(contractLine) + "): " + contractFlags});
  }
  std::map<std::string, DocumentState::Cached> fresh;
  for (size_t i = 0; i < parsed.module.kernels.size(); ++i) {
    const model::Kernel &k = parsed.module.kernels[i];
    if (i < launches.size()) req.checker.launch = launches[i];
    if (cancelled && cancelled()) {
      r.error = "cancelled";
      r.totalSeconds = since(t0);
      return r;
    }
    std::string key = kernelFingerprint(k, path, req.checker.launch, req.checker.rlimit, req.checker.timeoutMs);
    auto hit = state.results.find(key);
    if (hit != state.results.end()) {
      model::KernelResult kr = hit->second.result;
      shiftLines(kr, path, (int)k.loc.line - (int)hit->second.line);
      r.kernels.push_back(std::move(kr));
      ++r.kernelsReused;
      fresh[key] = hit->second;
      continue;
    }
    r.kernels.push_back(checkUnder(k, req.checker, each[i]));
    fresh[key] = DocumentState::Cached{r.kernels.back(), k.loc.line};
  }
  state.results = std::move(fresh);  // only the kernels of this version
  r.ok = true;
  r.totalSeconds = since(t0);
  return r;
}

// ------------------------------------------------------------------ Workspace

Workspace::Workspace(ServerOptions o, Publish p) : opts(std::move(o)), publish(std::move(p)) {
  // Signals in a check (a Clang or Z3 crash) return to the worker instead of
  // ending the server.
  llvm::CrashRecoveryContext::Enable();
  worker = std::thread([this] { run(); });
}

Workspace::~Workspace() {
  {
    std::lock_guard<std::mutex> l(mu);
    stopping = true;
  }
  cv.notify_all();
  if (worker.joinable()) worker.join();
}

void Workspace::schedule(Doc &d, std::chrono::milliseconds delay) {
  if (!opts.checks) return;
  d.pending = true;
  d.due = std::chrono::steady_clock::now() + delay;
  cv.notify_all();
}

void Workspace::open(const std::string &path, std::string text, int64_t version) {
  std::lock_guard<std::mutex> l(mu);
  Doc &d = docs[path];
  d.text = std::move(text);
  d.version = version;
  if (!d.state) d.state = std::make_shared<DocumentState>();
  schedule(d, std::chrono::milliseconds(0));
}

void Workspace::change(const std::string &path, std::string text, int64_t version) {
  std::lock_guard<std::mutex> l(mu);
  auto it = docs.find(path);
  if (it == docs.end()) return;  // not open: ignored (the protocol forbids it)
  it->second.text = std::move(text);
  it->second.version = version;
  schedule(it->second, std::chrono::milliseconds(opts.debounceMs));
}

void Workspace::save(const std::string &path, std::optional<std::string> text) {
  std::lock_guard<std::mutex> l(mu);
  auto it = docs.find(path);
  if (it == docs.end()) return;
  if (text && *text != it->second.text) {
    it->second.text = std::move(*text);
    ++it->second.version;  // a text we were not told of: a new version
  }
  schedule(it->second, std::chrono::milliseconds(0));
}

void Workspace::close(const std::string &path) {
  std::lock_guard<std::mutex> l(mu);
  if (!docs.erase(path)) return;
  CheckResult cleared;
  cleared.path = path;
  cleared.ok = true;
  publish(cleared);
}

std::optional<std::string> Workspace::text(const std::string &path) const {
  std::lock_guard<std::mutex> l(mu);
  auto it = docs.find(path);
  if (it == docs.end()) return std::nullopt;
  return it->second.text;
}

bool Workspace::waitIdle(std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> l(mu);
  return cv.wait_for(l, timeout, [&] {
    if (!running.empty()) return false;
    for (auto &[p, d] : docs)
      if (d.pending) return false;
    return true;
  });
}

unsigned Workspace::checksRun() const {
  std::lock_guard<std::mutex> l(mu);
  return nRun;
}

unsigned Workspace::checksDropped() const {
  std::lock_guard<std::mutex> l(mu);
  return nDropped;
}

void Workspace::run() {
  std::unique_lock<std::mutex> l(mu);
  while (true) {
    if (stopping) return;
    // The pending document due first.
    std::string path;
    std::chrono::steady_clock::time_point due;
    for (auto &[p, d] : docs)
      if (d.pending && (path.empty() || d.due < due)) path = p, due = d.due;
    if (path.empty()) {
      cv.wait(l);
      continue;
    }
    if (due > std::chrono::steady_clock::now()) {
      cv.wait_until(l, due);
      continue;  // an edit may have moved the due time
    }
    Doc &d = docs[path];
    d.pending = false;
    std::string text = d.text;
    int64_t version = d.version;
    std::shared_ptr<DocumentState> state = d.state;
    running = path;
    l.unlock();

    // Stale: the document changed or closed after this check started.
    auto stale = [this, &path, version] {
      std::lock_guard<std::mutex> g(mu);
      auto it = docs.find(path);
      return stopping || it == docs.end() || it->second.version != version || it->second.pending;
    };
    CheckResult result;
    bool crashed = false;
    std::string what;
    llvm::CrashRecoveryContext crc;
    bool survived = crc.RunSafelyOnThread([&] {
      try {
        result = checkDocument(opts, *state, path, text, version, stale);
      } catch (const std::exception &e) {
        crashed = true;
        what = e.what();
      } catch (...) {
        crashed = true;
        what = "unknown exception";
      }
    }, kCheckStackBytes);
    if (!survived || crashed) {
      result = CheckResult();
      result.path = path;
      result.version = version;
      result.text = text;
      result.error = "internal error while checking this file (" +
                     (survived ? what : std::string("the check crashed")) + "); the server keeps running";
    }

    l.lock();
    running.clear();
    ++nRun;
    auto it = docs.find(path);
    if (!survived) {
      // The crashed session may be half-updated: leak it rather than run its
      // destructor, and start the document afresh.
      (void)new std::shared_ptr<DocumentState>(state);
      if (it != docs.end()) it->second.state = std::make_shared<DocumentState>();
    }
    if (stopping || it == docs.end() || it->second.version != version || it->second.pending) {
      ++nDropped;
    } else {
      publish(result);
    }
    cv.notify_all();
  }
}

}  // namespace syncproof::driver::lsp
