// SARIF 2.1.0 output (`syncproof check --format sarif`): the log validates
// with Microsoft's SARIF Multitool including GitHub's ingestion rules, and its
// structure (rules, codeFlows order, relative URIs, fingerprints) is right.
// The validator is installed by scripts/install-deps.sh; without it these
// tests FAIL (they do not skip).
#include "support.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <set>

extern char **environ;

using namespace syncproof::test;

namespace {

std::string example(const std::string &rel) { return sourceDir() + "/examples/" + rel; }

// The source directory as the SARIF root appears in the log (symlinks resolved).
std::string realSourceDir() {
  llvm::SmallString<256> p;
  if (llvm::sys::fs::real_path(sourceDir(), p)) return sourceDir();
  return std::string(p);
}

// Runs a program, returning exit code, stdout and stderr.
RunResult runProgram(const std::string &prog, const std::vector<std::string> &args, bool invariantGlobalization) {
  llvm::SmallString<128> outPath, errPath;
  llvm::sys::fs::createTemporaryFile("sarif-out", "txt", outPath);
  llvm::sys::fs::createTemporaryFile("sarif-err", "txt", errPath);
  std::vector<llvm::StringRef> argv = {prog};
  for (const auto &a : args) argv.push_back(a);
  std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(""), llvm::StringRef(outPath),
                                                llvm::StringRef(errPath)};
  std::vector<std::string> envStore;
  for (char **e = environ; *e; ++e) envStore.push_back(*e);
  // .NET needs ICU unless told to use invariant globalization.
  if (invariantGlobalization) envStore.push_back("DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1");
  std::vector<llvm::StringRef> env(envStore.begin(), envStore.end());
  RunResult r;
  std::string errMsg;
  r.exitCode = llvm::sys::ExecuteAndWait(prog, argv, llvm::ArrayRef<llvm::StringRef>(env), redirects, 300, 0, &errMsg);
  r.out = readFile(std::string(outPath));
  r.err = readFile(std::string(errPath)) + errMsg;
  llvm::sys::fs::remove(outPath);
  llvm::sys::fs::remove(errPath);
  return r;
}

// The native Sarif.Multitool binary behind the npm package's `sarif-multitool`
// wrapper (the wrapper runs it through a shell, which splits "Sarif;Gh").
std::string findMultitool(std::string &why) {
  if (const char *env = getenv("SARIF_MULTITOOL")) return env;
  auto wrapper = llvm::sys::findProgramByName("sarif-multitool");
  if (!wrapper) {
    why = "sarif-multitool is not on PATH; run scripts/install-deps.sh (npm install -g @microsoft/sarif-multitool)";
    return "";
  }
  llvm::SmallString<256> real;
  if (llvm::sys::fs::real_path(*wrapper, real)) {
    why = "cannot resolve " + *wrapper;
    return "";
  }
  std::string pkg = llvm::sys::path::parent_path(real).str();  // .../@microsoft/sarif-multitool
  // Ask node, as the wrapper does (index.js names the platform package's binary).
  if (auto node = llvm::sys::findProgramByName("node")) {
    RunResult r = runProgram(*node, {"-p", "require(process.argv[1])", pkg}, false);
    std::string path = r.out;
    while (!path.empty() && (path.back() == '\n' || path.back() == '\r')) path.pop_back();
    if (r.exitCode == 0 && llvm::sys::fs::can_execute(path)) return path;
  }
  for (std::string cand : {pkg + "/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool",
                           pkg + "/../sarif-multitool-linux/Sarif.Multitool"})
    if (llvm::sys::fs::can_execute(cand)) return cand;
  why = "found " + *wrapper + " but not its native Sarif.Multitool binary under " + pkg;
  return "";
}

struct Validation {
  bool ran = false;
  std::string log;                  // validator console output
  std::vector<std::string> errors;  // "RULE: message" of error results
  std::vector<std::string> warnings;
  std::set<std::string> ruleIds;    // every rule that reported anything
};

// Validates `sarifText` with the SARIF rules and GitHub's ingestion rules
// (--rule-kind "Sarif;Gh") and collects the errors and warnings it reports.
Validation validate(const std::string &sarifText) {
  Validation v;
  std::string why;
  std::string tool = findMultitool(why);
  if (tool.empty()) {
    ADD_FAILURE() << "SARIF validator not available: " << why;
    return v;
  }
  std::string in = writeTemp(sarifText, "sarif");
  llvm::SmallString<128> out;
  llvm::sys::fs::createTemporaryFile("sarif-validation", "sarif", out);
  llvm::sys::fs::remove(out);
  RunResult r = runProgram(tool,
                           {"validate", "--rich-return-code", "true", "--rule-kind", "Sarif;Gh", "--log",
                            "ForceOverwrite", "-o", std::string(out), in},
                           true);
  v.log = r.out + r.err;
  EXPECT_EQ(r.exitCode, 0) << "validator failed to run:\n" << v.log;
  auto json = llvm::json::parse(readFile(std::string(out)));
  llvm::sys::fs::remove(out);
  llvm::sys::fs::remove(in);
  if (!json) {
    ADD_FAILURE() << "validator wrote no readable log: " << llvm::toString(json.takeError()) << "\n" << v.log;
    return v;
  }
  v.ran = true;
  const auto *run = &(*json->getAsObject()->getArray("runs"))[0];
  std::map<std::string, std::string> defaultLevel;
  if (const auto *rules = run->getAsObject()->getObject("tool")->getObject("driver")->getArray("rules"))
    for (const auto &rule : *rules) {
      const auto *o = rule.getAsObject();
      std::string level = "warning";
      if (const auto *dc = o->getObject("defaultConfiguration"))
        if (auto l = dc->getString("level")) level = l->str();
      defaultLevel[o->getString("id")->str()] = level;
    }
  if (const auto *results = run->getAsObject()->getArray("results"))
    for (const auto &res : *results) {
      const auto *o = res.getAsObject();
      std::string id = o->getString("ruleId").value_or("?").str();
      std::string level = o->getString("level") ? o->getString("level")->str()
                          : defaultLevel.count(id)  ? defaultLevel[id]
                                                    : "warning";
      std::string text;
      if (const auto *m = o->getObject("message"))
        if (auto t = m->getString("text")) text = t->str();
      if (const auto *m = o->getObject("message"))
        if (const auto *args = m->getArray("arguments"))
          for (const auto &a : *args)
            if (auto s = a.getAsString()) text += " | " + s->str();
      v.ruleIds.insert(id);
      if (level == "error") v.errors.push_back(id + ": " + text);
      else if (level == "warning") v.warnings.push_back(id + ": " + text);
    }
  return v;
}

std::string joined(const std::vector<std::string> &v) {
  std::string s;
  for (const auto &x : v) s += "  " + x + "\n";
  return s;
}

void expectValid(const std::string &sarif, const std::string &what) {
  Validation v = validate(sarif);
  ASSERT_TRUE(v.ran) << what;
  EXPECT_TRUE(v.errors.empty()) << what << ": validator errors:\n" << joined(v.errors) << v.log;
  EXPECT_TRUE(v.warnings.empty()) << what << ": validator warnings:\n" << joined(v.warnings) << v.log;
}

const llvm::json::Object &runOf(const llvm::json::Value &log) {
  return *(*log.getAsObject()->getArray("runs"))[0].getAsObject();
}

std::string str(const llvm::json::Object *o, llvm::StringRef key) {
  if (!o) return "<no object>";
  auto s = o->getString(key);
  return s ? s->str() : "<missing " + key.str() + ">";
}

struct Checked {
  RunResult run;
  llvm::json::Value log = nullptr;
};

Checked checkSarif(std::vector<std::string> args) {
  args.insert(args.begin(), {"check", "--format", "sarif", "--sarif-root", sourceDir()});
  Checked c;
  c.run = runSyncproof(args);
  auto json = llvm::json::parse(c.run.out);
  if (!json) {
    ADD_FAILURE() << "not JSON: " << llvm::toString(json.takeError()) << "\n" << c.run.out << c.run.err;
    return c;
  }
  c.log = std::move(*json);
  return c;
}

const char *kRaceArgs[] = {"--block", "16,16", "--grid", "1:64,1:64", "--param", "n=1024"};

TEST(Sarif, RaceResultHasRuleRelatedLocationsAndCodeFlows) {
  Checked c = checkSarif({kRaceArgs[0], kRaceArgs[1], kRaceArgs[2], kRaceArgs[3], kRaceArgs[4], kRaceArgs[5],
                          example("intra-block/transpose_missing_sync.cu")});
  ASSERT_EQ(c.run.exitCode, 1) << c.run.err;
  ASSERT_NE(c.log.getAsObject(), nullptr);
  EXPECT_EQ(str(c.log.getAsObject(), "version"), "2.1.0");
  const auto &run = runOf(c.log);
  const auto *driver = run.getObject("tool")->getObject("driver");
  EXPECT_EQ(str(driver, "name"), "syncproof");
  EXPECT_FALSE(str(driver, "semanticVersion").empty());
  const auto *rules = driver->getArray("rules");
  ASSERT_NE(rules, nullptr);
  std::set<std::string> ids;
  for (const auto &r : *rules) {
    const auto *o = r.getAsObject();
    ids.insert(str(o, "id"));
    EXPECT_NE(str(o, "helpUri").find("docs/diagnostics/" + str(o, "id") + ".md"), std::string::npos);
    EXPECT_FALSE(str(o->getObject("help"), "markdown").empty());
    // The help page exists in the repository.
    EXPECT_TRUE(llvm::sys::fs::exists(sourceDir() + "/docs/diagnostics/" + str(o, "id") + ".md")) << str(o, "id");
  }
  for (const char *k : {"race", "divergence", "ordering", "deadlock", "barrier-mismatch", "mbarrier", "async-copy",
                        "page-reuse", "warp-sync", "unknown"})
    EXPECT_TRUE(ids.count(k)) << k;

  // SRCROOT is the source directory; the result's URI is relative to it.
  EXPECT_EQ(str(run.getObject("originalUriBaseIds")->getObject("SRCROOT"), "uri"), "file://" + realSourceDir() + "/");
  const auto *results = run.getArray("results");
  ASSERT_NE(results, nullptr);
  ASSERT_EQ(results->size(), 1u);
  const auto *res = (*results)[0].getAsObject();
  EXPECT_EQ(str(res, "ruleId"), "race");
  EXPECT_EQ(str((*rules)[*res->getInteger("ruleIndex")].getAsObject(), "id"), "race");
  EXPECT_EQ(str(res, "level"), "error");
  const auto *loc = (*res->getArray("locations"))[0].getAsObject()->getObject("physicalLocation");
  EXPECT_EQ(str(loc->getObject("artifactLocation"), "uri"), "examples/intra-block/transpose_missing_sync.cu");
  EXPECT_EQ(str(loc->getObject("artifactLocation"), "uriBaseId"), "SRCROOT");
  EXPECT_EQ(loc->getObject("region")->getInteger("startLine"), 12);
  EXPECT_EQ(loc->getObject("region")->getInteger("startColumn"), 16);

  // The message links to the related location (the conflicting read) by id.
  std::string msg = str(res->getObject("message"), "text");
  const auto *related = res->getArray("relatedLocations");
  ASSERT_NE(related, nullptr);
  ASSERT_EQ(related->size(), 1u);
  EXPECT_EQ((*related)[0].getAsObject()->getInteger("id"), 1);
  EXPECT_NE(msg.find("](1)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("tile\\[ty\\]\\[tx\\]"), std::string::npos) << "literal brackets are escaped: " << msg;
  EXPECT_EQ((*related)[0].getAsObject()->getObject("physicalLocation")->getObject("region")->getInteger("startLine"),
            15);
  std::string fp = str(res->getObject("partialFingerprints"), "syncproofFinding/v1");
  EXPECT_EQ(fp.size(), 32u) << fp;

  // Counterexample values in the properties and the flow message.
  const auto *cex = res->getObject("properties")->getObject("counterexample");
  ASSERT_NE(cex, nullptr);
  EXPECT_EQ(str(cex->getObject("values"), "n"), "1024");
  EXPECT_EQ(cex->getArray("threads")->size(), 2u);

  // codeFlows: one merged flow with executionOrder 1..n, then one per thread
  // with that thread's steps, in the same global order.
  const auto *flows = res->getArray("codeFlows");
  ASSERT_NE(flows, nullptr);
  ASSERT_EQ(flows->size(), 1u);
  const auto *cf = (*flows)[0].getAsObject();
  EXPECT_NE(str(cf->getObject("message"), "text").find("n = 1024"), std::string::npos);
  const auto *tfs = cf->getArray("threadFlows");
  ASSERT_GE(tfs->size(), 3u);
  const auto *merged = (*tfs)[0].getAsObject()->getArray("locations");
  ASSERT_GE(merged->size(), 2u);
  for (size_t i = 0; i < merged->size(); ++i)
    EXPECT_EQ((*merged)[i].getAsObject()->getInteger("executionOrder"), (int64_t)i + 1);
  // Step 1 is thread A's write at 12:16, step 2 thread B's read at 15:20.
  auto stepLine = [](const llvm::json::Value &v) {
    return *v.getAsObject()->getObject("location")->getObject("physicalLocation")->getObject("region")->getInteger(
        "startLine");
  };
  EXPECT_EQ(stepLine((*merged)[0]), 12);
  EXPECT_EQ(stepLine((*merged)[1]), 15);
  std::set<int64_t> covered;
  std::set<std::string> threadIds;
  for (size_t t = 1; t < tfs->size(); ++t) {
    const auto *tf = (*tfs)[t].getAsObject();
    threadIds.insert(str(tf, "id"));
    int64_t last = 0;
    for (const auto &l : *tf->getArray("locations")) {
      int64_t order = *l.getAsObject()->getInteger("executionOrder");
      EXPECT_GT(order, last) << "steps of a thread keep the global order";
      last = order;
      covered.insert(order);
      // The per-thread step is the same step as in the merged flow.
      EXPECT_EQ(stepLine(l), stepLine((*merged)[order - 1]));
    }
  }
  EXPECT_EQ(covered.size(), merged->size()) << "every step belongs to some thread's flow";
  EXPECT_TRUE(threadIds.count("thread A") && threadIds.count("thread B"));

  const auto *inv = (*run.getArray("invocations"))[0].getAsObject();
  EXPECT_EQ(inv->getInteger("exitCode"), 1);
  EXPECT_EQ(inv->getBoolean("executionSuccessful"), true);

  expectValid(c.run.out, "transpose_missing_sync");
}

TEST(Sarif, ProvedKernelHasNoResultsAndValidates) {
  Checked c = checkSarif({kRaceArgs[0], kRaceArgs[1], kRaceArgs[2], kRaceArgs[3], kRaceArgs[4], kRaceArgs[5],
                          example("intra-block/transpose_ok.cu")});
  ASSERT_EQ(c.run.exitCode, 0) << c.run.err;
  const auto &run = runOf(c.log);
  EXPECT_TRUE(run.getArray("results")->empty());
  const auto *k = (*run.getObject("properties")->getArray("kernels"))[0].getAsObject();
  EXPECT_EQ(str(k, "verdict"), "proved");
  EXPECT_EQ((*run.getArray("invocations"))[0].getAsObject()->getInteger("exitCode"), 0);
  expectValid(c.run.out, "transpose_ok");
}

TEST(Sarif, UnknownIsAWarningOfRuleUnknown) {
  Checked c = checkSarif({"--block", "256", "--grid", "1:65535", example("unknown/ptx_prefetch.cu")});
  ASSERT_EQ(c.run.exitCode, 3) << c.run.err;
  const auto &run = runOf(c.log);
  const auto *results = run.getArray("results");
  ASSERT_EQ(results->size(), 1u);
  const auto *res = (*results)[0].getAsObject();
  EXPECT_EQ(str(res, "ruleId"), "unknown");
  EXPECT_EQ(str(res, "level"), "warning");
  EXPECT_NE(str(res->getObject("message"), "text").find("prefetch.global.L2"), std::string::npos);
  EXPECT_EQ((*run.getArray("invocations"))[0].getAsObject()->getInteger("exitCode"), 3);
  expectValid(c.run.out, "ptx_prefetch");
}

const char *kRacy = R"(
__global__ void fill(int *out) {
  __shared__ int s[256];
  s[threadIdx.x] = threadIdx.x;
  out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}
)";

std::string fingerprintOf(const llvm::json::Value &log, int64_t *line = nullptr) {
  const auto *res = (*runOf(log).getArray("results"))[0].getAsObject();
  if (line)
    *line = *(*res->getArray("locations"))[0].getAsObject()->getObject("physicalLocation")->getObject("region")->getInteger(
        "startLine");
  return str(res->getObject("partialFingerprints"), "syncproofFinding/v1");
}

TEST(Sarif, FingerprintSurvivesMovedCodeButNotAnotherKernel) {
  // Outside the SARIF root (a temporary file): an absolute file:// URI.
  std::string a = writeTemp(kRacy, "cu");
  Checked ca = checkSarif({"--block", "256", a});
  ASSERT_EQ(ca.run.exitCode, 1) << ca.run.err;
  const auto *al = (*(*runOf(ca.log).getArray("results"))[0].getAsObject()->getArray("locations"))[0]
                       .getAsObject()->getObject("physicalLocation")->getObject("artifactLocation");
  EXPECT_EQ(str(al, "uri").rfind("file:///", 0), 0u) << str(al, "uri");
  EXPECT_EQ(al->getString("uriBaseId"), std::nullopt);
  expectValid(ca.run.out, "file outside the root");

  // Same kernel, five lines further down, and the same file name: same fingerprint.
  llvm::SmallString<128> dir1, dir2;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("sarif-fp", dir1));
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("sarif-fp", dir2));
  auto write = [](const std::string &path, const std::string &text) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    os << text;
  };
  write(std::string(dir1) + "/k.cu", kRacy);
  write(std::string(dir2) + "/k.cu", std::string("\n\n\n\n\n") + kRacy);
  auto run = [](const std::string &root, const std::string &file) {
    RunResult r = runSyncproof({"check", "--format", "sarif", "--sarif-root", root, "--block", "256", file});
    auto json = llvm::json::parse(r.out);
    EXPECT_TRUE((bool)json) << r.out << r.err;
    return json ? std::move(*json) : llvm::json::Value(nullptr);
  };
  llvm::json::Value l1 = run(std::string(dir1), std::string(dir1) + "/k.cu");
  llvm::json::Value l2 = run(std::string(dir2), std::string(dir2) + "/k.cu");
  int64_t line1 = 0, line2 = 0;
  std::string f1 = fingerprintOf(l1, &line1), f2 = fingerprintOf(l2, &line2);
  EXPECT_EQ(line2, line1 + 5);
  EXPECT_EQ(f1, f2) << "moving code must not change the fingerprint";
  // A relative URI under the root.
  const auto *al1 = (*(*runOf(l1).getArray("results"))[0].getAsObject()->getArray("locations"))[0]
                        .getAsObject()->getObject("physicalLocation")->getObject("artifactLocation");
  EXPECT_EQ(str(al1, "uri"), "k.cu");

  // Another kernel name: another fingerprint.
  std::string renamed = kRacy;
  renamed.replace(renamed.find("fill"), 4, "fill2");
  write(std::string(dir2) + "/k.cu", renamed);
  llvm::json::Value l3 = run(std::string(dir2), std::string(dir2) + "/k.cu");
  EXPECT_NE(fingerprintOf(l3), f1);
}

TEST(Sarif, BatchLogWithAnInputErrorValidates) {
  std::string a = writeTemp(kRacy, "cu");
  RunResult r = runSyncproof({"check", "-j2", "--format", "sarif", "--block", "256", a, "/nonexistent/k.cu"});
  ASSERT_EQ(r.exitCode, 2) << r.err;
  auto json = llvm::json::parse(r.out);
  ASSERT_TRUE((bool)json) << r.out << r.err;
  const auto &run = runOf(*json);
  EXPECT_FALSE(run.getArray("results")->empty());
  const auto *inv = (*run.getArray("invocations"))[0].getAsObject();
  EXPECT_EQ(inv->getInteger("exitCode"), 2);
  EXPECT_EQ(inv->getBoolean("executionSuccessful"), false);
  const auto *notes = inv->getArray("toolExecutionNotifications");
  ASSERT_NE(notes, nullptr);
  EXPECT_NE(str((*notes)[0].getAsObject()->getObject("message"), "text").find("/nonexistent/k.cu"), std::string::npos);
  expectValid(r.out, "batch with an input error");
}

TEST(Sarif, ValidatorCatchesABrokenLog) {
  // The negative control: GitHub's rules are active (GH1018: no rules array)
  // and the schema check works, so a clean validation above means something.
  Validation v = validate(R"({"version": "2.1.0", "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
    "runs": [{"tool": {"driver": {"name": "x"}}, "results": []}]})");
  ASSERT_TRUE(v.ran);
  EXPECT_TRUE(v.ruleIds.count("GH1018")) << joined(v.errors) << v.log;
  EXPECT_FALSE(v.errors.empty());
}

TEST(Sarif, FormatIsCheckOnlyAndRootMustExist) {
  RunResult m = runSyncproof({"model", "--format", "sarif", example("intra-block/transpose_ok.cu")});
  EXPECT_EQ(m.exitCode, 2);
  RunResult r = runSyncproof({"check", "--format", "sarif", "--sarif-root", "/nonexistent-root",
                              example("intra-block/transpose_ok.cu")});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--sarif-root"), std::string::npos) << r.err;
}

}  // namespace
