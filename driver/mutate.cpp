// `syncproof mutate` (driver/mutate.h, docs/mutate.md).
#include "driver/mutate.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

namespace syncproof::driver {
namespace {

struct Outcome {
  std::string result;   // killed, unknown, timeout, survived, equivalent, invalid, crash
  std::string finding;  // the first finding: "race at 2896: ..." (killed, unknown)
  int distance = -1;    // lines from the mutation to the nearest location the findings name (-1: none)
  double seconds = 0;
};

std::string readAll(const std::string &path) {
  auto b = llvm::MemoryBuffer::getFile(path);
  return b ? (*b)->getBuffer().str() : std::string();
}

// The source's marks: `syncproof-equivalent-mutant: ID reason`.
std::map<std::string, std::string> equivalentMarks(const std::string &text) {
  std::map<std::string, std::string> out;
  static const std::regex re(R"(syncproof-equivalent-mutant:\s*(\S+)\s*(.*)$)");
  std::istringstream is(text);
  std::string line;
  while (std::getline(is, line)) {
    std::smatch m;
    if (std::regex_search(line, m, re)) out[m[1].str()] = m[2].str();
  }
  return out;
}

Outcome checkMutant(const MutateOptions &o, const frontend::Mutation &m, const std::string &workDir) {
  Outcome out;
  const std::string &orig = o.parse.files[0];
  std::string base = llvm::sys::path::filename(orig).str();
  llvm::SmallString<256> dir(workDir);
  llvm::sys::path::append(dir, m.id);
  for (char &c : dir)
    if (c == '@' || c == ':' || c == '#' || c == '\'') c = '_';
  llvm::sys::fs::create_directories(dir);
  llvm::SmallString<256> file(dir), outPath(dir), errPath(dir);
  llvm::sys::path::append(file, base);
  llvm::sys::path::append(outPath, "out.json");
  llvm::sys::path::append(errPath, "err.txt");
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(file, ec);
    if (ec) {
      out.result = "crash";
      out.finding = "cannot write " + std::string(file);
      return out;
    }
    os << m.text;
  }
  llvm::SmallString<256> origDir(orig);
  llvm::sys::fs::make_absolute(origDir);
  llvm::sys::path::remove_filename(origDir);
  // (no wall-clock budget of the check's own: --mutant-timeout bounds each mutant)
  std::vector<std::string> args = {o.selfPath, "check", "--format", "json", "--budget", "0"};
  if (!o.parse.compileCommandsDir.empty()) args.push_back("-p=" + o.parse.compileCommandsDir);
  if (!o.parse.cudaPath.empty()) args.push_back("--cuda-path=" + o.parse.cudaPath);
  for (const auto &e : o.parse.extraArgs) args.push_back("--extra-arg=" + e);
  args.push_back("--extra-arg=-I" + std::string(origDir));  // the original's own headers
  for (const auto &a : o.checkArgs) args.push_back(a);
  args.push_back(std::string(file));
  std::vector<llvm::StringRef> argv(args.begin(), args.end());
  std::string msg;
  bool failed = false;
  auto t0 = std::chrono::steady_clock::now();
  int rc = llvm::sys::ExecuteAndWait(o.selfPath, argv, std::nullopt,
                                     {std::nullopt, llvm::StringRef(outPath), llvm::StringRef(errPath)},
                                     o.timeoutSeconds, 0, &msg, &failed);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (rc == -2) {
    out.result = "timeout";
    return out;
  }
  switch (rc) {
  case 0: out.result = "survived"; break;
  case 1: out.result = "killed"; break;
  case 3: out.result = "unknown"; break;
  case 2: {
    out.result = "invalid";
    std::string err = readAll(std::string(errPath));
    out.finding = err.substr(0, err.find('\n'));
    return out;
  }
  default:
    out.result = "crash";
    out.finding = "exit " + std::to_string(rc) + (msg.empty() ? "" : ": " + msg);
    return out;
  }
  // The first finding (a confirmed one for a kill) and the nearest line any finding names.
  auto json = llvm::json::parse(readAll(std::string(outPath)));
  if (!json) {
    llvm::consumeError(json.takeError());
    return out;
  }
  const llvm::json::Object *root = json->getAsObject();
  const llvm::json::Array *kernels = root ? root->getArray("kernels") : nullptr;
  if (!kernels) return out;
  std::string first;
  auto consider = [&](const llvm::json::Object *loc) {
    if (!loc) return;
    std::string f = loc->getString("file").value_or("").str();
    if (llvm::sys::path::filename(f) != base) return;
    int line = (int)loc->getInteger("line").value_or(0);
    int d = std::abs(line - (int)m.loc.line);
    if (out.distance < 0 || d < out.distance) out.distance = d;
  };
  for (const auto &kv : *kernels) {
    const auto *k = kv.getAsObject();
    const auto *fs = k ? k->getArray("findings") : nullptr;
    if (!fs) continue;
    for (const auto &fv : *fs) {
      const auto *f = fv.getAsObject();
      if (!f) continue;
      bool confirmed = f->getBoolean("confirmed").value_or(false);
      const auto *loc = f->getObject("location");
      if ((confirmed || out.result != "killed") && first.empty()) {
        std::string kind = f->getString("kind").value_or("").str();
        first = kind + " at line " + std::to_string(loc ? loc->getInteger("line").value_or(0) : 0) + ": " +
                f->getString("message").value_or("").str();
      }
      consider(loc);
      if (const auto *rel = f->getArray("related"))
        for (const auto &r : *rel)
          if (const auto *ro = r.getAsObject()) consider(ro->getObject("location"));
      if (const auto *tr = f->getArray("trace"))
        for (const auto &s : *tr)
          if (const auto *so = s.getAsObject()) consider(so->getObject("location"));
    }
  }
  if (first.size() > 200) first = first.substr(0, 197) + "...";
  out.finding = first;
  return out;
}

}  // namespace

int runMutate(const MutateOptions &o) {
  frontend::MutateResult mr = frontend::mutations(o.parse);
  if (!mr.ok) {
    llvm::errs() << "syncproof: error: " << mr.error << "\n";
    return 2;
  }
  std::vector<const frontend::Mutation *> todo;
  std::set<std::string> known;
  for (const auto &m : mr.mutations) {
    known.insert(m.cls);
    if (o.classes.empty() || std::find(o.classes.begin(), o.classes.end(), m.cls) != o.classes.end())
      todo.push_back(&m);
  }
  for (const auto &c : o.classes)
    if (!known.count(c))
      llvm::errs() << "syncproof: note: no mutant of class '" << c << "' in " << o.parse.files[0] << "\n";
  if (o.listOnly) {
    for (const auto *m : todo) llvm::outs() << m->id << "\t" << m->description << "\n";
    llvm::outs() << todo.size() << " mutants\n";
    return 0;
  }
  auto marks = equivalentMarks(readAll(o.parse.files[0]));
  llvm::SmallString<256> work;
  if (auto ec = llvm::sys::fs::createUniqueDirectory("syncproof-mutate", work)) {
    llvm::errs() << "syncproof: error: cannot create a temporary directory: " << ec.message() << "\n";
    return 2;
  }
  std::vector<Outcome> outcomes(todo.size());
  std::atomic<size_t> next{0}, done{0};
  std::mutex printMu;
  unsigned jobs = std::max(1u, o.jobs);
  std::vector<std::thread> pool;
  for (unsigned j = 0; j < jobs; ++j)
    pool.emplace_back([&] {
      for (size_t i; (i = next++) < todo.size();) {
        if (marks.count(todo[i]->id)) {
          outcomes[i].result = "equivalent";
          outcomes[i].finding = marks[todo[i]->id];
        } else {
          outcomes[i] = checkMutant(o, *todo[i], std::string(work));
        }
        std::lock_guard<std::mutex> lock(printMu);
        llvm::errs() << "[" << ++done << "/" << todo.size() << "] " << todo[i]->id << ": " << outcomes[i].result
                     << " (" << llvm::format("%.0f", outcomes[i].seconds) << " s)\n";
      }
    });
  for (auto &t : pool) t.join();
  llvm::sys::fs::remove_directories(work);

  std::map<std::string, std::map<std::string, unsigned>> byClass;
  unsigned killed = 0, survived = 0, unknown = 0, equivalent = 0, invalid = 0;
  for (size_t i = 0; i < todo.size(); ++i) {
    const std::string &r = outcomes[i].result;
    byClass[todo[i]->cls][r]++;
    if (r == "killed") ++killed;
    else if (r == "survived") ++survived;
    else if (r == "equivalent") ++equivalent;
    else if (r == "invalid") ++invalid;
    else ++unknown;  // unknown, timeout, crash
  }
  unsigned counted = (unsigned)todo.size() - equivalent - invalid;
  if (o.format == "json") {
    llvm::json::Array ms;
    for (size_t i = 0; i < todo.size(); ++i) {
      const auto &m = *todo[i];
      const auto &r = outcomes[i];
      llvm::json::Object mo{{"id", m.id},
                            {"class", m.cls},
                            {"description", m.description},
                            {"location", llvm::json::Object{{"file", m.loc.file},
                                                            {"line", (int64_t)m.loc.line},
                                                            {"column", (int64_t)m.loc.column}}},
                            {"result", r.result},
                            {"seconds", r.seconds}};
      if (!r.finding.empty()) mo["finding"] = r.finding;
      if (r.distance >= 0) mo["lines_from_mutation"] = (int64_t)r.distance;
      ms.push_back(std::move(mo));
    }
    llvm::json::Object classes;
    for (const auto &[c, counts] : byClass) {
      llvm::json::Object co;
      for (const auto &[r, n] : counts) co[r] = (int64_t)n;
      classes[c] = std::move(co);
    }
    llvm::json::Object root{{"file", o.parse.files[0]},
                            {"mutants", std::move(ms)},
                            {"classes", std::move(classes)},
                            {"killed", (int64_t)killed},
                            {"unknown", (int64_t)unknown},
                            {"survived", (int64_t)survived},
                            {"equivalent", (int64_t)equivalent},
                            {"invalid", (int64_t)invalid},
                            {"kill_rate", counted ? (double)killed / counted : 1.0}};
    llvm::outs() << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << "\n";
  } else {
    size_t w = 10;
    for (const auto *m : todo) w = std::max(w, m->id.size());
    for (size_t i = 0; i < todo.size(); ++i) {
      const auto &m = *todo[i];
      const auto &r = outcomes[i];
      std::string id = m.id + std::string(w - m.id.size(), ' ');
      std::string res = r.result + std::string(r.result.size() < 10 ? 10 - r.result.size() : 0, ' ');
      llvm::outs() << id << "  " << res << "  " << m.description;
      if (!r.finding.empty()) llvm::outs() << "\n" << std::string(w + 14, ' ') << "-> " << r.finding;
      llvm::outs() << "\n";
    }
    llvm::outs() << "\nclass                 killed  unknown  survived  equivalent  invalid\n";
    for (const auto &[c, counts] : byClass) {
      auto n = [&](const char *k) {
        auto it = counts.find(k);
        return it == counts.end() ? 0u : it->second;
      };
      llvm::outs() << llvm::format("%-20s  %6u  %7u  %8u  %10u  %7u\n", c.c_str(), n("killed"),
                                   n("unknown") + n("timeout") + n("crash"), n("survived"), n("equivalent"),
                                   n("invalid"));
    }
    llvm::outs() << "\n"
                 << todo.size() << " mutants: " << killed << " killed, " << unknown << " unknown, " << survived
                 << " survived, " << equivalent << " marked equivalent, " << invalid << " invalid; kill rate "
                 << llvm::format("%.1f", counted ? 100.0 * killed / counted : 100.0) << "%\n";
  }
  llvm::outs().flush();
  return survived ? 1 : 0;
}

}  // namespace syncproof::driver
