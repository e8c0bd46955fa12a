// The data-driven example test: every examples/**/*.cu carries its expected
// diagnostics (clang -verify style, see examples/README.md); syncproof must
// report exactly those — none missing, none extra — and exit accordingly.
#include "support.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>

using namespace syncproof::test;

namespace {

struct Expectation {
  std::string kind;
  unsigned line;
  std::string substring;
  bool matched = false;
};

struct ExampleSpec {
  std::vector<std::string> args;
  std::vector<Expectation> expected;
  bool noDiagnostics = false;
};

std::vector<std::string> splitArgs(const std::string &s) {
  std::vector<std::string> out;
  std::istringstream is(s);
  std::string a;
  while (is >> a) out.push_back(a);
  return out;
}

ExampleSpec parseExpectations(const std::string &text) {
  ExampleSpec spec;
  static const std::regex expectRe(R"(expected-([a-z-]+?)(@([+-]?)(\d+))?\s*\{\{(.*?)\}\})");
  static const std::regex argsRe(R"(//\s*syncproof-args:\s*(.*)$)");
  std::istringstream is(text);
  std::string line;
  unsigned lineNo = 0;
  while (std::getline(is, line)) {
    ++lineNo;
    std::smatch m;
    if (std::regex_search(line, m, argsRe)) {
      auto more = splitArgs(m[1].str());
      spec.args.insert(spec.args.end(), more.begin(), more.end());
    }
    if (line.find("expected-no-diagnostics") != std::string::npos) spec.noDiagnostics = true;
    for (auto it = std::sregex_iterator(line.begin(), line.end(), expectRe); it != std::sregex_iterator(); ++it) {
      const std::smatch &e = *it;
      Expectation x;
      x.kind = e[1].str();
      x.line = lineNo;
      if (e[2].matched) {
        unsigned n = (unsigned)std::stoul(e[4].str());
        x.line = e[3].str() == "-" ? lineNo - n : e[3].str() == "+" ? lineNo + n : n;
      }
      x.substring = e[5].str();
      spec.expected.push_back(x);
    }
  }
  return spec;
}

std::vector<std::string> cuFilesUnder(const std::string &root) {
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator it(root, ec), end; it != end && !ec; it.increment(ec)) {
    if (llvm::sys::path::extension(it->path()) == ".cu") files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The example corpus (examples/) and kernels written in other people's
// styles (tests/foreign/): both carry their expected diagnostics.
std::vector<std::string> exampleFiles() { return cuFilesUnder(sourceDir() + "/examples"); }
std::vector<std::string> corpusFiles() {
  std::vector<std::string> files = exampleFiles();
  std::vector<std::string> foreign = cuFilesUnder(sourceDir() + "/tests/foreign");
  files.insert(files.end(), foreign.begin(), foreign.end());
  return files;
}

class Example : public ::testing::TestWithParam<std::string> {};

TEST_P(Example, ReportsExactlyTheAnnotatedFindings) {
  const std::string file = GetParam();
  ExampleSpec spec = parseExpectations(readFile(file));
  ASSERT_TRUE(spec.noDiagnostics || !spec.expected.empty())
      << file << " carries no expectations: add expected-KIND annotations or expected-no-diagnostics";
  ASSERT_FALSE(spec.noDiagnostics && !spec.expected.empty())
      << file << " has both expected-no-diagnostics and expectations";

  // (verdicts that do not depend on the machine: no wall-clock budget)
  std::vector<std::string> args = {"check", "--format", "json", "--budget", "0"};
  // %S in an argument: the example's directory (files beside it, like lit).
  std::string dir = llvm::sys::path::parent_path(file).str();
  for (std::string a : spec.args) {
    for (size_t at; (at = a.find("%S")) != std::string::npos;) a.replace(at, 2, dir);
    args.push_back(a);
  }
  args.push_back(file);
  RunResult r = runSyncproof(args);
  ASSERT_NE(r.exitCode, 2) << "usage/input error:\n" << r.err;

  auto json = llvm::json::parse(r.out);
  ASSERT_TRUE((bool)json) << "output is not JSON: " << llvm::toString(json.takeError()) << "\n" << r.out << r.err;
  const llvm::json::Object *root = json->getAsObject();
  ASSERT_NE(root, nullptr);
  const llvm::json::Array *kernels = root->getArray("kernels");
  ASSERT_NE(kernels, nullptr);
  ASSERT_FALSE(kernels->empty()) << "no kernels found in " << file;

  std::vector<std::string> unexpected;
  bool anyViolation = false, anyUnknown = false;
  for (const auto &kv : *kernels) {
    const auto *k = kv.getAsObject();
    for (const auto &fv : *k->getArray("findings")) {
      const auto *f = fv.getAsObject();
      std::string kind = f->getString("kind").value_or("").str();
      std::string msg = f->getString("message").value_or("").str();
      const auto *loc = f->getObject("location");
      unsigned line = (unsigned)loc->getInteger("line").value_or(0);
      std::string ffile = loc->getString("file").value_or("").str();
      (kind == "unknown" ? anyUnknown : anyViolation) = true;
      bool ok = false;
      if (ffile == file) {
        for (auto &e : spec.expected) {
          if (!e.matched && e.kind == kind && e.line == line && msg.find(e.substring) != std::string::npos) {
            e.matched = ok = true;
            break;
          }
        }
      }
      if (!ok) unexpected.push_back(ffile + ":" + std::to_string(line) + ": " + kind + ": " + msg);
    }
  }
  std::vector<std::string> missing;
  for (const auto &e : spec.expected)
    if (!e.matched) missing.push_back(file + ":" + std::to_string(e.line) + ": " + e.kind + " {{" + e.substring + "}}");

  std::string report;
  for (const auto &m : missing) report += "  missing:    " + m + "\n";
  for (const auto &u : unexpected) report += "  unexpected: " + u + "\n";
  EXPECT_TRUE(missing.empty() && unexpected.empty()) << file << "\n" << report;

  int expectedExit = anyViolation ? 1 : anyUnknown ? 3 : 0;
  EXPECT_EQ(r.exitCode, expectedExit) << r.err;
  std::string verdict = root->getString("verdict").value_or("").str();
  EXPECT_EQ(verdict, anyViolation ? "violations" : anyUnknown ? "unknown" : "proved");
}

std::string testName(const ::testing::TestParamInfo<std::string> &info) {
  std::string rel = info.param.substr(sourceDir().size() + 1);
  std::string out;
  for (char c : rel) out += std::isalnum((unsigned char)c) ? c : '_';
  return out;
}

INSTANTIATE_TEST_SUITE_P(Corpus, Example, ::testing::ValuesIn(corpusFiles()), testName);

TEST(ExampleCorpus, HasAtLeastTwentyFiveKernels) { EXPECT_GE(exampleFiles().size(), 25u); }

TEST(ExpectationParser, ReadsOffsetsArgsAndSubstrings) {
  ExampleSpec s = parseExpectations(
      "// syncproof-args: --block 64\n"
      "x = 1; // expected-race {{data race on 'tile'}}\n"
      "// expected-divergence@+2 {{barrier}}\n"
      "\n"
      "__syncthreads();\n"
      "// expected-unknown@-3 {{not modelled}} expected-race@-1 {{b}}\n");
  ASSERT_EQ(s.args, (std::vector<std::string>{"--block", "64"}));
  ASSERT_EQ(s.expected.size(), 4u);
  EXPECT_EQ(s.expected[0].kind, "race");
  EXPECT_EQ(s.expected[0].line, 2u);
  EXPECT_EQ(s.expected[0].substring, "data race on 'tile'");
  EXPECT_EQ(s.expected[1].kind, "divergence");
  EXPECT_EQ(s.expected[1].line, 5u);
  EXPECT_EQ(s.expected[2].line, 3u);
  EXPECT_EQ(s.expected[3].line, 5u);
}

}  // namespace
