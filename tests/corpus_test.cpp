// The independent corpora (tests/corpus/*/): kernels written or collected by
// people who did not read checker/ or frontend/, each with the truth in its
// header (`corpus-expect: correct | buggy KIND`) and syncproof's current
// verdict recorded in its folder's verdicts.txt. A change of verdict fails
// (record improvements there); a false proof always fails; a false alarm
// passes only while verdicts.txt marks it as one (tests/corpus/README.md).
#include "support.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>
#include <sstream>

using namespace syncproof::test;

namespace {

// The solver's deterministic work limit for the corpora: a fifth of the
// default, so that each file answers within the test's time (docs/results.md).
const char *kCorpusRlimit = "5000000";
// No wall-clock limit that binds: a query stopped by the clock (a loaded CI
// machine) would make the verdict depend on the machine.
const char *kCorpusQueryTimeoutMs = "3600000";

struct Header {
  std::vector<std::string> args;
  std::string expect;  // "correct" or "buggy KIND"
  std::string source;
};

Header parseHeader(const std::string &text) {
  Header h;
  static const std::regex argsRe(R"(^//\s*syncproof-args:\s*(.*)$)");
  static const std::regex expectRe(R"(^//\s*corpus-expect:\s*(.*?)\s*$)");
  static const std::regex sourceRe(R"(^//\s*corpus-source:\s*(.*?)\s*$)");
  std::istringstream is(text);
  std::string line;
  while (std::getline(is, line)) {
    std::smatch m;
    if (std::regex_search(line, m, argsRe)) {
      std::istringstream as(m[1].str());
      std::string a;
      while (as >> a) h.args.push_back(a);
    } else if (std::regex_search(line, m, expectRe) && h.expect.empty()) {
      h.expect = m[1].str();
    } else if (std::regex_search(line, m, sourceRe) && h.source.empty()) {
      h.source = m[1].str();
    }
  }
  return h;
}

struct Recorded {
  std::string verdict;
  std::string note;
};

// verdicts.txt: "FILE VERDICT [# note]" per line; '#' lines are comments.
std::map<std::string, Recorded> readVerdicts(const std::string &dir) {
  std::map<std::string, Recorded> out;
  std::istringstream is(readFile(dir + "/verdicts.txt"));
  std::string line;
  while (std::getline(is, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    std::string file, verdict;
    ls >> file >> verdict;
    std::string rest;
    std::getline(ls, rest);
    size_t hash = rest.find('#');
    out[file] = {verdict, hash == std::string::npos ? "" : rest.substr(hash + 1)};
  }
  return out;
}

std::vector<std::string> corpusFiles() {
  std::vector<std::string> files;
  std::error_code ec;
  std::string root = sourceDir() + "/tests/corpus";
  for (llvm::sys::fs::recursive_directory_iterator it(root, ec), end; it != end && !ec; it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".cu") files.push_back(it->path());
  std::sort(files.begin(), files.end());
  return files;
}

std::string verdictOf(int exitCode) {
  switch (exitCode) {
  case 0: return "proved";
  case 1: return "violations";
  case 2: return "input-error";
  case 3: return "unknown";
  default: return "crash";
  }
}

class CorpusFile : public ::testing::TestWithParam<std::string> {};

TEST_P(CorpusFile, KeepsItsRecordedVerdictAndNeverProvesABug) {
  const std::string file = GetParam();
  const std::string dir = llvm::sys::path::parent_path(file).str();
  const std::string name = llvm::sys::path::filename(file).str();
  Header h = parseHeader(readFile(file));
  ASSERT_FALSE(h.expect.empty()) << file << ": no '// corpus-expect:' line";
  ASSERT_FALSE(h.source.empty()) << file << ": no '// corpus-source:' line";
  const bool buggy = h.expect.rfind("buggy", 0) == 0;
  ASSERT_TRUE(buggy || h.expect == "correct") << file << ": corpus-expect is '" << h.expect << "'";

  // (verdicts that do not depend on the machine: no wall-clock budget)
  std::vector<std::string> args = {"check",  "--format", "json",      "--rlimit", kCorpusRlimit,
                                   "--budget", "0",        "--timeout", kCorpusQueryTimeoutMs};
  args.insert(args.end(), h.args.begin(), h.args.end());
  args.push_back(file);
  RunResult r = runSyncproof(args);
  std::string got = verdictOf(r.exitCode);

  // Soundness: never a proof of a kernel with a real defect.
  EXPECT_FALSE(buggy && got == "proved") << file << ": FALSE PROOF of a kernel that is " << h.expect << "\n" << r.out;

  auto recorded = readVerdicts(dir);
  auto it = recorded.find(name);
  ASSERT_NE(it, recorded.end()) << file << ": not in " << dir << "/verdicts.txt (syncproof says " << got << ")";
  EXPECT_EQ(got, it->second.verdict) << file << ": the verdict changed (recorded " << it->second.verdict
                                     << "); if this is an improvement, record it in verdicts.txt\n"
                                     << r.out.substr(0, 4000) << r.err.substr(0, 2000);
  // A false alarm on correct code is tolerated only while it is marked as one.
  if (!buggy && got == "violations")
    EXPECT_NE(it->second.note.find("false alarm"), std::string::npos)
        << file << ": violations on a correct kernel must be marked '# false alarm: why' in verdicts.txt";
}

std::string testName(const ::testing::TestParamInfo<std::string> &info) {
  std::string rel = info.param.substr(sourceDir().size() + std::string("/tests/corpus/").size());
  std::string out;
  for (char c : rel) out += std::isalnum((unsigned char)c) ? c : '_';
  return out;
}

INSTANTIATE_TEST_SUITE_P(Independent, CorpusFile, ::testing::ValuesIn(corpusFiles()), testName);

// Every file of a corpus folder is recorded, and nothing else is.
TEST(CorpusVerdicts, ListEveryFileOnce) {
  std::map<std::string, std::vector<std::string>> byDir;
  for (const auto &f : corpusFiles())
    byDir[llvm::sys::path::parent_path(f).str()].push_back(llvm::sys::path::filename(f).str());
  for (const auto &[dir, files] : byDir) {
    auto rec = readVerdicts(dir);
    for (const auto &f : files) EXPECT_TRUE(rec.count(f)) << dir << ": " << f << " is not recorded";
    for (const auto &[f, v] : rec)
      EXPECT_TRUE(std::find(files.begin(), files.end(), f) != files.end()) << dir << "/verdicts.txt names " << f;
  }
}

}  // namespace
