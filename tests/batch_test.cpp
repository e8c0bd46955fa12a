// Batch mode (`syncproof check -j N FILE...`): the output does not depend on
// N (apart from times), files keep the order given, the exit code is the
// worst verdict (1 > 3 > 0; 2 for any input error), and one JSON/SARIF report
// covers all files. Small kernels keep it cheap.
#include "support.h"

#include "llvm/Support/JSON.h"

#include <gtest/gtest.h>

#include <regex>

using namespace syncproof::test;

namespace {

const char *kProved = R"(
__global__ void ok_fill(int *out) {
  __shared__ int s[256];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}
)";

const char *kRacy = R"(
__global__ void racy_fill(int *out) {
  __shared__ int s[256];
  s[threadIdx.x] = threadIdx.x;
  out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}
)";

const char *kUnknown = R"(
__global__ void prefetching(float *out, const float *in) {
  unsigned i = blockIdx.x * 256 + threadIdx.x;
  asm volatile("prefetch.global.L2 [%0];" :: "l"(in + i + 4096));
  out[i] = in[i];
}
)";

struct Files {
  std::string proved = writeTemp(kProved, "cu");
  std::string racy = writeTemp(kRacy, "cu");
  std::string unknown = writeTemp(kUnknown, "cu");
};

const Files &files() {
  static Files f;
  return f;
}

RunResult batch(const std::string &jobs, std::vector<std::string> rest) {
  std::vector<std::string> args = {"check", "-j" + jobs, "--block", "256", "--grid", "1:1024"};
  args.insert(args.end(), rest.begin(), rest.end());
  return runSyncproof(args);
}

// Times are the only thing allowed to differ between runs.
std::string withoutTimes(const std::string &s) {
  return std::regex_replace(s, std::regex(" *[0-9]+\\.[0-9]+"), " T");
}

TEST(Batch, SameOutputForJ1AndJ2InFileOrder) {
  const Files &f = files();
  std::string histogram = sourceDir() + "/examples/intra-block/histogram_atomic_ok.cu";
  // --param n only matches the histogram kernel: fine in a batch, since it
  // matches in some file.
  std::vector<std::string> in = {"--param", "n=0:16777216", f.racy, histogram, f.unknown, f.proved};
  RunResult t1 = batch("1", in);
  RunResult t2 = batch("2", in);
  EXPECT_EQ(t1.exitCode, 1) << t1.out << t1.err;
  EXPECT_EQ(t2.exitCode, 1) << t2.out << t2.err;
  EXPECT_EQ(withoutTimes(t1.out), withoutTimes(t2.out));
  // The summary: one row per kernel, in the order of the files given, and a total line.
  size_t r = t2.out.find("FILE"), a = t2.out.find("racy_fill", r), h = t2.out.find("histogram", r),
         u = t2.out.find("prefetching", r), p = t2.out.find("ok_fill", r);
  ASSERT_NE(r, std::string::npos) << t2.out;
  EXPECT_TRUE(a < h && h < u && u < p && p != std::string::npos) << t2.out;
  EXPECT_NE(t2.out.find("total: 4 files, 4 kernels: 2 proved, 1 violations, 1 unknown, 0 input errors"),
            std::string::npos)
      << t2.out;
  // The per-file diagnostics come before the table, in file order.
  size_t d1 = t2.out.find("error: data race on 's'"), d2 = t2.out.find("warning: not modelled");
  EXPECT_TRUE(d1 < d2 && d2 < r) << t2.out;
  // Not a terminal: no progress line.
  EXPECT_EQ(t2.err.find("files checked"), std::string::npos) << t2.err;

  // SARIF carries no times: identical, and one run for all files.
  in.insert(in.begin(), {"--format", "sarif"});
  RunResult s1 = batch("1", in);
  RunResult s2 = batch("2", in);
  EXPECT_EQ(s1.exitCode, 1);
  EXPECT_EQ(s1.out, s2.out);
  auto json = llvm::json::parse(s2.out);
  ASSERT_TRUE((bool)json) << s2.out;
  const auto &run = *(*json->getAsObject()->getArray("runs"))[0].getAsObject();
  EXPECT_EQ(run.getArray("artifacts")->size(), 4u);
  const auto *kernels = run.getObject("properties")->getArray("kernels");
  ASSERT_EQ(kernels->size(), 4u);
  EXPECT_EQ((*kernels)[0].getAsObject()->getString("name"), "racy_fill");
  EXPECT_EQ((*kernels)[3].getAsObject()->getString("name"), "ok_fill");
}

TEST(Batch, ExitCodeIsTheWorstVerdict) {
  const Files &f = files();
  EXPECT_EQ(batch("2", {f.proved}).exitCode, 0);
  EXPECT_EQ(batch("2", {f.proved, f.unknown}).exitCode, 3);
  EXPECT_EQ(batch("2", {f.unknown, f.racy, f.proved}).exitCode, 1);
}

TEST(Batch, InputErrorIsExit2AndTheOtherFilesAreStillChecked) {
  const Files &f = files();
  RunResult r = batch("2", {f.racy, "/nonexistent/k.cu", f.proved});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("/nonexistent/k.cu: no such file"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("racy_fill"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ok_fill"), std::string::npos) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("/nonexistent/k\\.cu +- +error"))) << r.out;
  EXPECT_NE(r.out.find("1 input error"), std::string::npos) << r.out;

  // JSON: one report with the kernels of the files that could be checked.
  RunResult j = batch("2", {"--format", "json", f.racy, "/nonexistent/k.cu", f.proved});
  EXPECT_EQ(j.exitCode, 2);
  auto json = llvm::json::parse(j.out);
  ASSERT_TRUE((bool)json) << j.out;
  EXPECT_EQ(json->getAsObject()->getArray("kernels")->size(), 2u);
  // The overall verdict says that not everything was checked, and why.
  EXPECT_EQ(json->getAsObject()->getString("verdict"), "error") << j.out;
  const llvm::json::Array *errors = json->getAsObject()->getArray("errors");
  ASSERT_TRUE(errors) << j.out;
  ASSERT_EQ(errors->size(), 1u);
  EXPECT_NE((*errors)[0].getAsString()->find("/nonexistent/k.cu"), llvm::StringRef::npos) << j.out;

  // A --kernel that no file has is an input error; one that some file has is not.
  EXPECT_EQ(batch("2", {"--kernel", "ok_fill", f.racy, f.proved}).exitCode, 0);
  RunResult none = batch("2", {"--kernel", "nope", f.racy, f.proved});
  EXPECT_EQ(none.exitCode, 2);
  EXPECT_NE(none.err.find("no kernel named 'nope'"), std::string::npos) << none.err;
}

}  // namespace
