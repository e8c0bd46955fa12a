// The command line: bad input gives exit 2 and a clear error, never a crash;
// specs, compile databases and the model printer work end to end.
#include "support.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <fstream>
#include <map>
#include <sstream>
#include <sys/wait.h>

using namespace syncproof::test;

namespace {

// Without a contract the block may be 2-D: threads of one x and different y
// store different values to s[x] (a race; the same value would be a
// possible one, memory-model.md "Writes of one value").
const char *kSimple = R"(
__global__ void fill(int *out) {
  __shared__ int s[256];
  s[threadIdx.x] = threadIdx.y;
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}
)";

std::string simpleFile() {
  static std::string path = writeTemp(kSimple, "cu");
  return path;
}

// A fresh directory holding k.cu (the simple kernel) and a compile_commands.json
// whose text `entries(dir, k.cu's path)` gives.
bool compileDatabase(const std::function<std::string(const std::string &, const std::string &)> &entries,
                     std::string &dir, std::string &src) {
  llvm::SmallString<128> d;
  if (llvm::sys::fs::createUniqueDirectory("syncproof-cdb", d)) return false;
  dir = std::string(d);
  src = dir + "/k.cu";
  std::error_code ec;
  {
    llvm::raw_fd_ostream os(src, ec);
    os << kSimple;
  }
  llvm::raw_fd_ostream os(dir + "/compile_commands.json", ec);
  os << entries(dir, src);
  return !ec;
}

int lineCount(const std::string &s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

TEST(BadInput, SyntaxErrorGivesClangDiagnosticsAndExit2) {
  std::string f = writeTemp("__global__ void k(int *p) { p[0] = ; }\n", "cu");
  RunResult r = runSyncproof({"check", f});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("error: expected expression"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(llvm::sys::path::filename(f).str()), std::string::npos) << r.err;
}

// GPUVerify's CUDA suite has such kernels; nvcc rejects a direct assignment
// and drops stores through pointers (a warning): exit 2 at each store.
TEST(BadInput, DeviceWritesToConstantMemoryAreRejected) {
  std::string f = writeTemp("__constant__ int c[4];\n"
                            "__global__ void k(int *o) {\n"
                            "  if (threadIdx.x == 0) c[0] = 1;\n"
                            "  atomicAdd(&c[2], 1);\n"
                            "  o[threadIdx.x] = c[threadIdx.x % 4];\n"
                            "}\n",
                            "cu");
  RunResult r = runSyncproof({"check", "--block", "32", "--grid", "1", f});
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_NE(r.err.find(":3:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(":4:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("device code writes __constant__ memory ('c[0]')"), std::string::npos) << r.err;
  // Reads are fine.
  std::string g = writeTemp("__constant__ int c[4];\n"
                            "__global__ void k(int *o) { o[threadIdx.x] = c[threadIdx.x % 4]; }\n",
                            "cu");
  EXPECT_EQ(runSyncproof({"check", "--block", "32", "--grid", "1", g}).exitCode, 0);
}

TEST(BadInput, MissingFileIsOneLineExit2) {
  RunResult r = runSyncproof({"check", "/nonexistent/kernel.cu"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_EQ(lineCount(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("no such file"), std::string::npos) << r.err;
}

TEST(BadInput, DirectoryInsteadOfFile) {
  RunResult r = runSyncproof({"check", sourceDir()});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("is a directory"), std::string::npos) << r.err;
}

TEST(BadInput, UnknownFlagExit2) {
  RunResult r = runSyncproof({"check", "--no-such-flag", simpleFile()});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("no-such-flag"), std::string::npos) << r.err;
}

TEST(BadInput, NoCommandExit2) {
  RunResult r = runSyncproof({});
  EXPECT_EQ(r.exitCode, 2);
}

TEST(BadInput, BadLaunchShapesExit2) {
  for (std::vector<std::string> bad : {std::vector<std::string>{"--block", "0"},
                                       {"--block", "2048"},
                                       {"--block", "64,64"},
                                       {"--block", "a,b"},
                                       {"--grid", "5:2"},
                                       {"--grid", "1,1,1,1"},
                                       {"--dynamic-smem", "-4"},
                                       {"--param", "n"},
                                       {"--param", "n=x"},
                                       {"--format", "xml"},
                                       // session 16: empty items, absurd sizes and octal-looking
                                       // numbers were accepted or read wrongly
                                       {"--block", ""},
                                       {"--grid", ""},
                                       {"--grid", "1,"},
                                       {"--block", ",32"},
                                       {"--dynamic-smem", "99999999999"},
                                       {"--dynamic-smem", "1e3"},
                                       {"--blocks-per-sm", "0"},
                                       {"--registers-per-thread", "256"},
                                       {"--param", "n=08x"},
                                       {"--param", "n=99999999999999999999"}}) {
    std::vector<std::string> args = {"check"};
    args.insert(args.end(), bad.begin(), bad.end());
    args.push_back(simpleFile());
    RunResult r = runSyncproof(args);
    EXPECT_EQ(r.exitCode, 2) << bad[0] << " " << bad[1] << "\n" << r.err;
    EXPECT_EQ(lineCount(r.err), 1) << r.err;
  }
}

TEST(BadInput, UnknownKernelExit2) {
  RunResult r = runSyncproof({"check", "--kernel", "nope", simpleFile()});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("no kernel named 'nope'"), std::string::npos) << r.err;
}

TEST(BadInput, BadSpecFilesExit2WithLocation) {
  struct Case { const char *text; const char *needle; };
  for (Case c : {Case{"launch: [1, 2\n", ":1:"},
                 Case{"launch:\n  blok: [1]\n", "unknown launch key 'blok'"},
                 Case{"launch:\n  block: [0]\n", "at least 1"},
                 Case{"launch:\n  block: [64, 64]\n", "at most 1024 threads"},
                 Case{"params:\n  n: [5, 1]\n", "MIN is greater than MAX"},
                 Case{"frobnicate: 1\n", "unknown key 'frobnicate'"},
                 Case{"- 1\n- 2\n", "is a mapping"},
                 Case{"version: 7\n", "unsupported spec version"},
                 // session 16: a repeated key or a second document was silently ignored
                 Case{"launch:\n  block: [64]\n  block: [128]\n", "'block' is given twice"},
                 Case{"params:\n  n: 1\n  n: 2\n", "parameter 'n' is given twice"},
                 Case{"launch:\n  block: [64]\nlaunch:\n  grid: [1]\n", "'launch' is given twice"},
                 Case{"launch:\n  block: [64]\n---\nlaunch:\n  block: [1]\n", "one YAML document"},
                 Case{"params:\n  n: 1x\n", "expected an integer"},
                 Case{"launch:\n  dynamic_smem: 99999999999\n", "more shared memory"},
                 Case{"launch:\n  registers_per_thread: 300\n", "at most 255 registers"},
                 // session 17: the YAML parser's own error was replaced by a later, vaguer one
                 Case{"launch:\n  block: '256\n", "Expected quote"}}) {
    std::string spec = writeTemp(c.text, "yaml");
    RunResult r = runSyncproof({"check", "--spec", spec, simpleFile()});
    EXPECT_EQ(r.exitCode, 2) << c.text << r.err;
    EXPECT_NE(r.err.find(c.needle), std::string::npos) << c.text << "\n" << r.err;
    EXPECT_NE(r.err.find(spec), std::string::npos) << r.err;
  }
  RunResult r = runSyncproof({"check", "--spec", "/nonexistent.yaml", simpleFile()});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("cannot read spec file"), std::string::npos) << r.err;
}

TEST(LaunchContract, SpecFileDecidesTheVerdict) {
  // Proved for 1-D blocks of 256; racy when blockDim.y may exceed 1.
  std::string spec = writeTemp("version: 1\nlaunch:\n  grid: [[1, 65535]]\n  block: [256]\n", "yaml");
  RunResult proved = runSyncproof({"check", "--spec", spec, simpleFile()});
  EXPECT_EQ(proved.exitCode, 0) << proved.out << proved.err;
  RunResult racy = runSyncproof({"check", simpleFile()});
  EXPECT_EQ(racy.exitCode, 1) << racy.out << racy.err;
  EXPECT_NE(racy.out.find("data race on 's'"), std::string::npos) << racy.out;
  // The same through flags.
  RunResult flags = runSyncproof({"check", "--block", "256", "--grid", "1:65535", simpleFile()});
  EXPECT_EQ(flags.exitCode, 0) << flags.out << flags.err;
}

// A barrier reached only by half of the block when a count read from memory
// exceeds 100: barrier divergence for arbitrary memory, proved when the
// contract gives contents whose counts are all small.
const char *kCounts = R"(
__global__ void tiles(const int *counts, float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = 1.f;
  if (counts[blockIdx.x] > 100 && threadIdx.x < 128) __syncthreads();
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}
)";
const char *kCountsWritten = R"(
__global__ void tiles(int *counts, float *out) {
  if (counts[blockIdx.x] > 100) out[blockIdx.x] = 1.f;
  if (blockIdx.x == 0 && threadIdx.x == 0) counts[0] = 7;
}
)";

TEST(LaunchContract, MemoryContentsAndTheirErrors) {
  std::string file = writeTemp(kCounts, "cu");
  std::string words = writeTemp("# counts of blocks 0..3\n3, 1 0x2\n-1\n", "words");
  RunResult given = runSyncproof({"check", "--block", "256", "--grid", "4", "--memory", "counts=" + words, file});
  EXPECT_EQ(given.exitCode, 0) << given.out << given.err;
  RunResult arbitrary = runSyncproof({"check", "--block", "256", "--grid", "4", file});
  EXPECT_EQ(arbitrary.exitCode, 1) << arbitrary.out << arbitrary.err;
  EXPECT_NE(arbitrary.out.find("barrier divergence"), std::string::npos) << arbitrary.out;
  // A count above 100 in the file: the divergence is real for that block.
  std::string large = writeTemp("3 1 200 4\n", "words");
  RunResult divergent = runSyncproof({"check", "--block", "256", "--grid", "4", "--memory", "counts=" + large, file});
  EXPECT_EQ(divergent.exitCode, 1) << divergent.out << divergent.err;
  // The same through a spec, the file relative to the spec; the verdict
  // names the file among its assumptions.
  std::string spec = writeTemp("memory:\n  - param: counts\n    file: " +
                                   llvm::sys::path::filename(words).str() + "\n    element: i32\n",
                               "yaml");
  RunResult viaSpec = runSyncproof({"check", "--format", "json", "--block", "256", "--grid", "4", "--spec", spec, file});
  EXPECT_EQ(viaSpec.exitCode, 0) << viaSpec.out << viaSpec.err;
  EXPECT_NE(viaSpec.out.find("points to the contents the contract gives"), std::string::npos) << viaSpec.out;
  // Memory the kernel writes cannot hold given contents: not proved.
  RunResult written = runSyncproof({"check", "--block", "256", "--grid", "4", "--memory", "counts=" + words,
                                    writeTemp(kCountsWritten, "cu")});
  EXPECT_EQ(written.exitCode, 3) << written.out << written.err;
  EXPECT_NE(written.out.find("whose contents the contract gives"), std::string::npos) << written.out;
  // When pointers may alias, a write through another parameter may be one.
  const char *kOther = R"(
__global__ void tiles(const int *counts, float *out, int *other) {
  if (threadIdx.x == 0 && counts[blockIdx.x] > 100) out[blockIdx.x] = 1.f;
  if (threadIdx.x == 0) other[blockIdx.x] = 7;
}
)";
  std::string other = writeTemp(kOther, "cu");
  RunResult separate = runSyncproof({"check", "--block", "256", "--grid", "4", "--memory", "counts=" + words, other});
  EXPECT_EQ(separate.exitCode, 0) << separate.out << separate.err;
  RunResult aliased = runSyncproof({"check", "--block", "256", "--grid", "4", "--memory", "counts=" + words, "--spec",
                                    writeTemp("pointers_may_alias: true\n", "yaml"), other});
  EXPECT_NE(aliased.exitCode, 0) << aliased.out << aliased.err;
  EXPECT_NE(aliased.out.find("may write (pointers may alias) 'counts'"), std::string::npos) << aliased.out;
  // Bad input: exit 2 with the reason.
  struct Case { std::vector<std::string> args; const char *needle; };
  std::string bad = writeTemp("1 2 x3\n", "words");
  std::string big = writeTemp("1\n300\n", "words");
  for (const Case &c : {Case{{"--memory", "nope=" + words}, "no pointer parameter named 'nope'"},
                        Case{{"--memory", "counts=/nonexistent.words"}, "cannot read memory file"},
                        Case{{"--memory", "counts=" + bad}, ":1: 'x3' is not an integer"},
                        Case{{"--memory", "counts=" + big + ":u8"}, ":2: 300 does not fit u8"},
                        Case{{"--memory", "counts=" + words + ":f32"}, "is not one of"},
                        Case{{"--memory", "counts"}, "expected NAME=FILE"}}) {
    std::vector<std::string> args = {"check", "--block", "256", "--grid", "4"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    args.push_back(file);
    RunResult r = runSyncproof(args);
    EXPECT_EQ(r.exitCode, 2) << c.needle << "\n" << r.out << r.err;
    EXPECT_NE(r.err.find(c.needle), std::string::npos) << c.needle << "\n" << r.err;
  }
}

// `syncproof` with the arguments `launch`, then `more`, then the file.
RunResult checkWith(const std::vector<std::string> &launch, const std::vector<std::string> &more,
                    const std::string &file) {
  std::vector<std::string> args = launch;
  args.insert(args.end(), more.begin(), more.end());
  args.push_back(file);
  return runSyncproof(args);
}

// A scatter through an index map races unless the map repeats no value; the
// contract can say so (docs/spec-format.md "Distinct elements").
TEST(LaunchContract, DistinctElementsOfAnIndexMap) {
  const char *kScatter = R"(
__global__ void scatter(const int *map, const float *v, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[map[i]] = v[i];
}
)";
  std::string file = writeTemp(kScatter, "cu");
  std::vector<std::string> launch = {"check", "--block", "128", "--grid", "1:64", "--param", "n=0:8192"};
  auto with = [&](const std::vector<std::string> &more) { return checkWith(launch, more, file); };
  RunResult free = with({});
  EXPECT_EQ(free.exitCode, 1) << free.out << free.err;
  EXPECT_NE(free.out.find("two different elements of 'map' hold equal values"), std::string::npos) << free.out;
  RunResult flag = with({"--distinct-elements", "map", "--format", "json"});
  EXPECT_EQ(flag.exitCode, 0) << flag.out << flag.err;
  EXPECT_NE(flag.out.find("the elements of 'map' are pairwise distinct"), std::string::npos) << flag.out;
  RunResult spec = with({"--spec", writeTemp("distinct_elements: [map]\n", "yaml")});
  EXPECT_EQ(spec.exitCode, 0) << spec.out << spec.err;
  // Another parameter's elements say nothing about this race.
  RunResult other = with({"--distinct-elements", "v"});
  EXPECT_EQ(other.exitCode, 1) << other.out << other.err;
  // Bad input: exit 2 with the reason.
  RunResult nope = with({"--distinct-elements", "nope"});
  EXPECT_EQ(nope.exitCode, 2) << nope.out << nope.err;
  EXPECT_NE(nope.err.find("no pointer parameter named 'nope'"), std::string::npos) << nope.err;
  RunResult scalar = with({"--distinct-elements", "n"});
  EXPECT_EQ(scalar.exitCode, 2) << scalar.out << scalar.err;
  EXPECT_NE(scalar.err.find("'n' is a scalar parameter"), std::string::npos) << scalar.err;
  // Distinct only from a minimum on: entries of -1 may repeat. A kernel that
  // skips them is proved; one that writes through them races.
  const char *kPadded = R"(
__global__ void scatter(const int *map, const float *v, float *out, int n, int skip) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int m = map[i];
  if (m >= 0 || !skip) out[(long long)m + 1] = v[i];
}
)";
  std::string padded = writeTemp(kPadded, "cu");
  auto padRun = [&](const char *skip) {
    return runSyncproof({"check", "--block", "128", "--grid", "1:64", "--param", "n=0:8192", "--param", skip,
                         "--distinct-elements", "map>=0", padded});
  };
  RunResult skipped = padRun("skip=1");
  EXPECT_EQ(skipped.exitCode, 0) << skipped.out << skipped.err;
  RunResult through = padRun("skip=0");
  EXPECT_EQ(through.exitCode, 1) << through.out << through.err;
  RunResult badMin = with({"--distinct-elements", "map>=x"});
  EXPECT_EQ(badMin.exitCode, 2) << badMin.out << badMin.err;
  RunResult notList = with({"--spec", writeTemp("distinct_elements: map\n", "yaml")});
  EXPECT_EQ(notList.exitCode, 2) << notList.out << notList.err;
  EXPECT_NE(notList.err.find("a list of pointer parameter names"), std::string::npos) << notList.err;
}

// Distinct 64-bit slots can still collide when their offsets wrap around
// 2^64; a bound on the elements rules that out.
TEST(LaunchContract, ElementRangesBoundAnIndexMap) {
  const char *kSlots = R"(
__global__ void scatter(const long long *slot, const float *v, float *cache) {
  long long s = slot[blockIdx.x];
  if (s < 0) return;
  cache[s * 4096 + threadIdx.x] = v[blockIdx.x * 128 + threadIdx.x];
}
)";
  std::string file = writeTemp(kSlots, "cu");
  std::vector<std::string> launch = {"check", "--block", "128", "--grid", "1:1024", "--distinct-elements", "slot"};
  auto with = [&](const std::vector<std::string> &more) { return checkWith(launch, more, file); };
  RunResult distinctOnly = with({});
  EXPECT_NE(distinctOnly.exitCode, 0) << distinctOnly.out << distinctOnly.err;
  RunResult bounded = with({"--element-range", "slot=-1:1048575", "--format", "json"});
  EXPECT_EQ(bounded.exitCode, 0) << bounded.out << bounded.err;
  EXPECT_NE(bounded.out.find("the elements of 'slot' lie in [-1, 1048575]"), std::string::npos) << bounded.out;
  RunResult spec = with({"--spec", writeTemp("element_ranges:\n  slot: [-1, 1048575]\n", "yaml")});
  EXPECT_EQ(spec.exitCode, 0) << spec.out << spec.err;
  RunResult nope = with({"--element-range", "nope=0:3"});
  EXPECT_EQ(nope.exitCode, 2) << nope.out << nope.err;
  RunResult backwards = with({"--element-range", "slot=5:3"});
  EXPECT_EQ(backwards.exitCode, 2) << backwards.out << backwards.err;
  EXPECT_NE(backwards.err.find("MIN is greater than MAX"), std::string::npos) << backwards.err;
}

TEST(LaunchContract, CheckThatRunsOutOfItsBudgetIsUnknown) {
  // A kernel proved at the default limit (examples/pipelines), with a
  // per-query limit small enough that 40 of them do not cover its ~1000
  // queries: unknown (exit 3), naming how far it got; never a proof, never a
  // hang.
  // (The concrete prover, which proves this fixed launch without the
  // solver, is off: this is about the symbolic checker's budget.)
  setenv("SYNCPROOF_CONCRETE", "0", 1);
  RunResult r = runSyncproof({"check", "--rlimit", "100000", "--block", "160", "--grid", "2", "--cooperative",
                              sourceDir() + "/examples/pipelines/mk_interp_ok.cu"});
  unsetenv("SYNCPROOF_CONCRETE");
  EXPECT_EQ(r.exitCode, 3) << r.out << r.err;
  EXPECT_NE(r.out.find("not decided: the check stopped when its solver work reached 40 times the per-query limit"),
            std::string::npos)
      << r.out;
}

TEST(LaunchContract, CheckPastItsWallClockBudgetIsUnknownAndTheOtherKernelsGoOn) {
  // Two kernels in one file: an interpreter whose symbolic proof takes about
  // 10 s of solving (the concrete prover, which proves it at once, is off),
  // then a trivial one. A budget of 3 s stops the first, unknown with the
  // phase it reached; the second gets its own budget and its proof.
  std::ifstream in(sourceDir() + "/examples/pipelines/mk_interp_ok.cu");
  std::stringstream text;
  text << in.rdbuf();
  std::string f = writeTemp(text.str() + "\n__global__ void fast(int* out) { out[blockIdx.x * blockDim.x + threadIdx.x] = 1; }\n",
                            "cu");
  setenv("SYNCPROOF_CONCRETE", "0", 1);
  RunResult r = runSyncproof({"check", "--budget", "3", "--block", "160", "--grid", "2", "--cooperative", f});
  unsetenv("SYNCPROOF_CONCRETE");
  EXPECT_EQ(r.exitCode, 3) << r.out << r.err;
  EXPECT_NE(r.out.find("not decided: the check stopped at its wall-clock budget (--budget 3 s"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("kernel 'interp': unknown"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("kernel 'fast': proved"), std::string::npos) << r.out;
  RunResult bad = runSyncproof({"check", "--budget", "-1", f});
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("--budget must be a number of seconds"), std::string::npos) << bad.err;
}

TEST(ConcreteProver, ProvesAFixedInterpreterLaunchWithoutTheSolver) {
  // Grid and block fixed, instruction words from __constant__ tables: every
  // decision is a constant of the launch, so the concrete prover runs the
  // 320 threads and proves it; no solver query (docs/concrete.md).
  RunResult r = runSyncproof({"check", "--format", "json", "--block", "160", "--grid", "2", "--cooperative",
                              sourceDir() + "/examples/pipelines/mk_interp_ok.cu"});
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("proved by running each of the launch's 320 threads on the model"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"queries\": 0"), std::string::npos) << r.out;
}

TEST(ConcreteProver, HandsWhatItCannotProveToTheSymbolicChecker) {
  // The page is released before the last read: the concrete run meets the
  // race and gives up with its reason; the symbolic checker then reports it.
  setenv("SYNCPROOF_PHASES", "1", 1);
  RunResult r = runSyncproof({"check", "--block", "160", "--grid", "2", "--cooperative",
                              sourceDir() + "/examples/pipelines/mk_interp_early_release.cu"});
  unsetenv("SYNCPROOF_PHASES");
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
  EXPECT_NE(r.err.find("concrete prover: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("a possible race on 'pages[p]'"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("concrete prover: proved"), std::string::npos) << r.err;
  // A range of grids is not a fixed launch: the prover does not apply.
  setenv("SYNCPROOF_CONCRETE", "only", 1);
  r = runSyncproof({"check", "--block", "64", "--grid", "1:8", sourceDir() + "/examples/intra-block/reduce_ok.cu"});
  unsetenv("SYNCPROOF_CONCRETE");
  EXPECT_EQ(r.exitCode, 3) << r.out << r.err;
  EXPECT_NE(r.out.find("concrete prover: the contract does not fix the grid and the block"), std::string::npos) << r.out;
}

TEST(ConcreteProver, ReportsADefiniteDeadlockOfALargeGrid) {
  // 65 blocks (more than the symbolic checks follow one by one): each block
  // signals once and waits for `need` signals. 65 is proved; 66 leaves every
  // block waiting in the run, a definite deadlock reported with its groups.
  auto kernel = [](int need) {
    return "__global__ void k(unsigned* c, float* out) {\n"
           "  if (threadIdx.x == 0) {\n"
           "    asm volatile(\"red.release.gpu.global.add.u32 [%0], 1;\" :: \"l\"(c) : \"memory\");\n"
           "    unsigned v;\n"
           "    do asm volatile(\"ld.acquire.gpu.global.u32 %0, [%1];\" : \"=r\"(v) : \"l\"(c) : \"memory\");\n"
           "    while (v < " + std::to_string(need) + "u);\n"
           "  }\n"
           "  __syncthreads();\n"
           "  out[blockIdx.x * 32 + threadIdx.x] = 1.0f;\n"
           "}\n";
  };
  RunResult ok = runSyncproof({"check", "--block", "32", "--grid", "65", "--cooperative", writeTemp(kernel(65), ".cu")});
  EXPECT_EQ(ok.exitCode, 0) << ok.out << ok.err;
  RunResult bad = runSyncproof({"check", "--block", "32", "--grid", "65", "--cooperative", writeTemp(kernel(66), ".cu")});
  EXPECT_EQ(bad.exitCode, 1) << bad.out << bad.err;
  EXPECT_NE(bad.out.find("deadlock: in a run of the whole grid, 2080 thread(s) wait forever; thread 0 of block 0 waits "
                         "at line 5 on"),
            std::string::npos)
      << bad.out;
  EXPECT_NE(bad.out.find("threads 1-31 of block 0 wait forever at '__syncthreads', an instance of 32 threads"),
            std::string::npos)
      << bad.out;
}

// The concrete prover alone on `src` with `args`: its exit code and output.
static RunResult concreteOnly(const std::string &src, std::vector<std::string> args) {
  setenv("SYNCPROOF_CONCRETE", "only", 1);
  args.insert(args.begin(), "check");
  args.push_back(writeTemp(src, ".cu"));
  RunResult r = runSyncproof(args);
  unsetenv("SYNCPROOF_CONCRETE");
  return r;
}

TEST(Frontend, SharedCudaBarrierParses) {
  // The CUDA samples' form (simpleAWBarrier): a cuda::barrier declared
  // __shared__, which nvcc accepts and Clang rejects for its destructor
  // (docs/nvcc-compat.md). Each thread writes its slot, arrives and waits,
  // then reads its neighbour's: ordered by the barrier's phase.
  std::string src = "#include <cuda/barrier>\n"
                    "__global__ void k(float* out) {\n"
                    "  __shared__ cuda::barrier<cuda::thread_scope_block> bar;\n"
                    "  __shared__ float s[64];\n"
                    "  if (threadIdx.x == 0) init(&bar, blockDim.x);\n"
                    "  __syncthreads();\n"
                    "  s[threadIdx.x] = 1.0f;\n"
                    "  bar.arrive_and_wait();\n"
                    "  out[blockIdx.x * 64 + threadIdx.x] = s[threadIdx.x ^ 1];\n"
                    "}\n";
  RunResult r = runSyncproof({"check", "--block", "64", "--grid", "1:8", writeTemp(src, ".cu")});
  EXPECT_EQ(r.err.find("initialization is not supported"), std::string::npos) << r.err;
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  // Without the barrier's wait, the neighbour's slot races.
  std::string racy = src;
  racy.replace(racy.find("  bar.arrive_and_wait();\n"), std::string("  bar.arrive_and_wait();\n").size(), "");
  RunResult bad = runSyncproof({"check", "--block", "64", "--grid", "1:8", writeTemp(racy, ".cu")});
  EXPECT_EQ(bad.exitCode, 1) << bad.out << bad.err;
}

TEST(ConcreteProver, SubWordAccessesOfNeighboursAreNotARace) {
  // Thread t writes the bf16 h[t]: two threads write the two halves of one
  // 4-byte word. Shadow memory keeps the bytes of each access; reading the
  // neighbour's half after the barrier is ordered, writing it before is not.
  auto kernel = [](const char *before) {
    return std::string("__global__ void k(unsigned short* h, unsigned short* out) {\n"
                       "  __shared__ unsigned short s[64];\n"
                       "  unsigned t = threadIdx.x;\n"
                       "  s[t] = (unsigned short)t;\n"
                       "  h[t] = (unsigned short)t;\n") +
           before +
           "  __syncthreads();\n"
           "  out[t] = s[t ^ 1] + h[t ^ 1];\n"
           "}\n";
  };
  RunResult ok = concreteOnly(kernel(""), {"--block", "64", "--grid", "1"});
  EXPECT_EQ(ok.exitCode, 0) << ok.out << ok.err;
  RunResult bad = concreteOnly(kernel("  s[t ^ 1] = 7;\n"), {"--block", "64", "--grid", "1"});
  // The run's control flow is the launch's: the race is in every execution,
  // reported with both accesses.
  EXPECT_EQ(bad.exitCode, 1) << bad.out << bad.err;
  EXPECT_NE(bad.out.find("error: data race on 's' (shared memory, within a block): write 's[t ^ 1]' conflicts with "
                         "write 's[t]'"),
            std::string::npos)
      << bad.out;
  EXPECT_NE(bad.out.find("step 1: thread A"), std::string::npos) << bad.out;
}

TEST(ConcreteProver, BulkCopyFromMemoryTheLaunchWritesElsewhere) {
  // Block b copies row b of `kv` into shared memory and writes row 4 + b:
  // no copy reads a row a thread writes. Copying row b + 1 makes block 3
  // copy row 4, which block 0 writes with nothing ordering the two: a race
  // in every execution, reported with both accesses.
  auto kernel = [](const char *row) {
    return std::string("#include <cstdint>\n"
                       "__global__ void k(float* kv, float* out) {\n"
                       "  __shared__ alignas(16) float buf[64];\n"
                       "  __shared__ alignas(8) uint64_t bar;\n"
                       "  unsigned t = threadIdx.x;\n"
                       "  unsigned sb = (unsigned)__cvta_generic_to_shared(buf), mb = (unsigned)__cvta_generic_to_shared(&bar);\n"
                       "  if (t == 0) {\n"
                       "    asm volatile(\"mbarrier.init.shared::cta.b64 [%0], 1;\" :: \"r\"(mb) : \"memory\");\n"
                       "    asm volatile(\"fence.mbarrier_init.release.cluster;\" ::: \"memory\");\n"
                       "  }\n"
                       "  __syncthreads();\n"
                       "  if (t == 0) {\n"
                       "    asm volatile(\"mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 256;\" :: \"r\"(mb) : \"memory\");\n"
                       "    asm volatile(\"cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], 256, [%2];\"\n"
                       "                 :: \"r\"(sb), \"l\"(kv + (") + row + ") * 64), \"r\"(mb) : \"memory\");\n"
           "  }\n"
           "  kv[(4 + blockIdx.x) * 64 + t] = 1.0f;\n"
           "  uint32_t done = 0;\n"
           "  while (!done)\n"
           "    asm volatile(\"{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }\"\n"
           "                 : \"=r\"(done) : \"r\"(mb) : \"memory\");\n"
           "  out[blockIdx.x * 64 + t] = buf[t];\n"
           "}\n";
  };
  RunResult ok = concreteOnly(kernel("blockIdx.x"), {"--block", "64", "--grid", "4"});
  EXPECT_EQ(ok.exitCode, 0) << ok.out << ok.err;
  RunResult bad = concreteOnly(kernel("blockIdx.x + 1"), {"--block", "64", "--grid", "4"});
  EXPECT_EQ(bad.exitCode, 1) << bad.out << bad.err;
  EXPECT_NE(bad.out.find("error: data race on 'kv' (global memory, between blocks): write "
                         "'kv[(4 + blockIdx.x) * 64 + t]' conflicts with read 'kv + (blockIdx.x + 1) * 64'"),
            std::string::npos)
      << bad.out;
}

TEST(ConcreteProver, ABranchOnDataInsideAComputationIsSkipped) {
  // An inlined helper that tests loaded data (a NaN check, as f2bf) only
  // computes a local: the prover makes its result unknown instead of giving
  // up. A branch on loaded data around a barrier still gives up.
  const std::string helper =
      "__device__ __forceinline__ unsigned short f2bf(float f) {\n"
      "  unsigned u = __float_as_uint(f);\n"
      "  if ((u & 0x7f800000u) == 0x7f800000u) return (unsigned short)(u >> 16);\n"
      "  u += 0x7fffu + ((u >> 16) & 1u);\n"
      "  return (unsigned short)(u >> 16);\n"
      "}\n";
  RunResult ok = concreteOnly(helper +
                                  "__global__ void k(const float* x, unsigned short* y) {\n"
                                  "  y[blockIdx.x * 64 + threadIdx.x] = f2bf(x[threadIdx.x]);\n"
                                  "}\n",
                              {"--block", "64", "--grid", "2"});
  EXPECT_EQ(ok.exitCode, 0) << ok.out << ok.err;
  // A running maximum in a loop that also stores: the branch alone only
  // computes locals (the LM head's argmax).
  RunResult argmax = concreteOnly("__global__ void k(const float* x, float* y, float* best_out) {\n"
                                  "  float best = -1e30f;\n"
                                  "  int at = 0;\n"
                                  "  for (int i = threadIdx.x; i < 256; i += 64) {\n"
                                  "    float v = x[i];\n"
                                  "    y[blockIdx.x * 256 + i] = v;\n"
                                  "    if (v > best) { best = v; at = i; }\n"
                                  "  }\n"
                                  "  best_out[blockIdx.x * 64 + threadIdx.x] = best + at;\n"
                                  "}\n",
                                  {"--block", "64", "--grid", "2"});
  EXPECT_EQ(argmax.exitCode, 0) << argmax.out << argmax.err;
  RunResult bad = concreteOnly(helper +
                                   "__global__ void k(const float* x, unsigned short* y) {\n"
                                   "  if (f2bf(x[threadIdx.x]) == 7) __syncthreads();\n"
                                   "  y[blockIdx.x * 64 + threadIdx.x] = 1;\n"
                                   "}\n",
                               {"--block", "64", "--grid", "2"});
  EXPECT_EQ(bad.exitCode, 3) << bad.out << bad.err;
  EXPECT_NE(bad.out.find("a condition that values read from memory"), std::string::npos) << bad.out;
  EXPECT_NE(bad.out.find("(thread 0 of block 0, in lines"), std::string::npos) << bad.out;
}

TEST(ConcreteProver, FollowsTheProducerStartWait) {
  // CUTLASS's producer waits `empty` with parity (r & 1) ^ 1 from round 0: the phase before phase 0.
  // It passes at once when an arrival of phase 0 comes after it (the consumers release a stage only
  // after its first fill): proved by the run (docs/concrete.md "The wait before phase 0").
  setenv("SYNCPROOF_CONCRETE", "only", 1);
  RunResult ok = runSyncproof({"check", "--block", "384", "--grid", "4", "--param", "ktiles=4",
                               sourceDir() + "/examples/pipelines/cutlass_producer_start_ok.cu"});
  unsetenv("SYNCPROOF_CONCRETE");
  EXPECT_EQ(ok.exitCode, 0) << ok.out << ok.err;
  // A stage released once up front, not after the producer's wait: phase 0 can complete before
  // that wait, which then waits for phase 1. Whichever thread the run takes first, it gives up.
  auto kernel = [](const char *first, const char *second) {
    return std::string("#include <cstdint>\n"
                       "__device__ unsigned sa(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }\n"
                       "__device__ void arrive(uint64_t* b) {\n"
                       "  asm volatile(\"mbarrier.arrive.shared::cta.b64 _, [%0];\" :: \"r\"(sa(b)) : \"memory\");\n"
                       "}\n"
                       "__device__ void wait(uint64_t* b, unsigned parity) {\n"
                       "  unsigned ok;\n"
                       "  do asm volatile(\"{\\n.reg .pred P;\\nmbarrier.try_wait.parity.shared::cta.b64 P, [%1], %2;\\n"
                       "selp.u32 %0, 1, 0, P;\\n}\\n\" : \"=r\"(ok) : \"r\"(sa(b)), \"r\"(parity) : \"memory\");\n"
                       "  while (!ok);\n"
                       "}\n"
                       "__global__ void k(float* out) {\n"
                       "  __shared__ alignas(8) uint64_t empty;\n"
                       "  __shared__ float page;\n"
                       "  if (threadIdx.x == 0)\n"
                       "    asm volatile(\"mbarrier.init.shared::cta.b64 [%0], 1;\" :: \"r\"(sa(&empty)) : \"memory\");\n"
                       "  __syncthreads();\n"
                       "  if (threadIdx.x == ") + first + ") { wait(&empty, 1); page = 1.0f; }\n"
                       "  if (threadIdx.x == " + second + ") arrive(&empty);\n"
                       "  out[blockIdx.x * 64 + threadIdx.x] = 0.0f;\n"
                       "}\n";
  };
  for (auto [producer, consumer] : {std::make_pair("0", "32"), std::make_pair("32", "0")}) {
    RunResult bad = concreteOnly(kernel(producer, consumer), {"--block", "64", "--grid", "1"});
    EXPECT_EQ(bad.exitCode, 3) << bad.out << bad.err;
    EXPECT_NE(bad.out.find("parity aliasing"), std::string::npos) << bad.out;
  }
}

TEST(Model, ArraysOfAParameterStructAndPointerNullness) {
  // `p.off[l]` of a const parameter struct: one parameter per element, a
  // subscript selects among them; a pointer field tested for null is the
  // launch input `nonnull(p.w)`; a helper's pointer parameter that received
  // nullptr and is never modified is false.
  const std::string src = "struct Off { long long a, b; };\n"
                          "struct P { const float* w; Off off[3]; };\n"
                          "__device__ __forceinline__ float get(const float* q, int i) { return q ? q[i] : 0.f; }\n"
                          "__global__ void k(const __grid_constant__ P p, float* out, int l) {\n"
                          "  const Off& o = p.off[l];\n"
                          "  out[threadIdx.x] = get(p.w + o.b, threadIdx.x) + get(nullptr, threadIdx.x);\n"
                          "}\n";
  RunResult r = runSyncproof({"model", writeTemp(src, ".cu")});
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("param p.off[2].b: i64"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("param nonnull(p.w): u1"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("pointer truth value"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("unknown"), std::string::npos) << r.out;
  // The contract fixes them like any scalar parameter.
  RunResult c = runSyncproof({"check", "--block", "32", "--grid", "1", "--param", "l=1", "--param", "p.off[1].b=64",
                              "--param", "nonnull(p.w)=1", writeTemp(src, ".cu")});
  EXPECT_EQ(c.exitCode, 0) << c.out << c.err;
}

TEST(Output, TextIsClangStyleWithCounterexample) {
  RunResult r = runSyncproof({"check", simpleFile()});
  ASSERT_EQ(r.exitCode, 1);
  std::string name = llvm::sys::path::filename(simpleFile()).str();
  EXPECT_NE(r.out.find(name + ":4:18: error: data race on 's'"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("note: counterexample: blockIdx = "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("note: step 1: thread A (threadIdx ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("kernel 'fill': violations"), std::string::npos) << r.out;
}

TEST(Output, JsonSchema) {
  RunResult r = runSyncproof({"check", "--format", "json", simpleFile()});
  ASSERT_EQ(r.exitCode, 1);
  auto json = llvm::json::parse(r.out);
  ASSERT_TRUE((bool)json) << llvm::toString(json.takeError());
  const auto *root = json->getAsObject();
  EXPECT_EQ(root->getInteger("schema_version"), 1);
  EXPECT_EQ(root->getString("verdict"), "violations");
  const auto *k = (*root->getArray("kernels"))[0].getAsObject();
  EXPECT_EQ(k->getString("name"), "fill");
  EXPECT_EQ(k->getString("verdict"), "violations");
  const auto *f = (*k->getArray("findings"))[0].getAsObject();
  EXPECT_EQ(f->getString("kind"), "race");
  EXPECT_EQ(f->getObject("location")->getInteger("line"), 4);
  EXPECT_EQ(f->getArray("threads")->size(), 2u);
  EXPECT_GE(f->getArray("trace")->size(), 2u);
  const auto *step = (*f->getArray("trace"))[0].getAsObject();
  EXPECT_TRUE(step->getString("thread").has_value());
  EXPECT_TRUE(step->getObject("location")->getInteger("column").has_value());
  EXPECT_FALSE(f->getArray("related")->empty());
}

TEST(Output, PipelineThreadsCarryTheirWarpRole) {
  // A consumer reads a stage before waiting for its fill: thread A is the
  // producer warp's issuing thread, thread B a consumer; the JSON names both
  // roles (from the pipeline operations each warp executes), plain kernels
  // have none.
  RunResult r = runSyncproof({"check", "--format", "json", "--block", "384", "--grid", "1:65535", "--param",
                              "ktiles=1:1024", sourceDir() + "/examples/pipelines/tma_pipeline_read_before_wait.cu"});
  ASSERT_EQ(r.exitCode, 1) << r.out << r.err;
  auto json = llvm::json::parse(r.out);
  ASSERT_TRUE(bool(json)) << r.out;
  const auto *k = (*json->getAsObject()->getArray("kernels"))[0].getAsObject();
  const auto *f = (*k->getArray("findings"))[0].getAsObject();
  const auto &threads = *f->getArray("threads");
  ASSERT_EQ(threads.size(), 2u);
  EXPECT_EQ(threads[0].getAsObject()->getString("role"), "warp 0: loader");
  std::string consumer = threads[1].getAsObject()->getString("role").value_or("").str();
  EXPECT_NE(consumer.find(": consumer"), std::string::npos) << consumer;
  RunResult plain = runSyncproof({"check", "--format", "json", simpleFile()});
  EXPECT_EQ(plain.out.find("\"role\""), std::string::npos) << plain.out;
}

TEST(Output, LoopTraceStepsNameTheirIteration) {
  // A race between iterations of a grid-barrier loop: each step of the trace
  // names the iteration of the loop it happens in (the barrier loop at line 14).
  RunResult r = runSyncproof({"check", "--block", "256", "--grid", "128", "--cooperative", "--param", "iters=1:1000",
                              sourceDir() + "/examples/protocols/gbarrier_epoch_one_sync.cu"});
  ASSERT_EQ(r.exitCode, 1) << r.out << r.err;
  size_t first = r.out.find("step 1: thread A");
  size_t second = r.out.find("step 2: thread B");
  ASSERT_NE(first, std::string::npos) << r.out;
  ASSERT_NE(second, std::string::npos) << r.out;
  std::string s1 = r.out.substr(first, r.out.find('\n', first) - first);
  std::string s2 = r.out.substr(second, r.out.find('\n', second) - second);
  EXPECT_NE(s1.find(" in iteration "), std::string::npos) << s1;
  EXPECT_NE(s1.find("of the loop at line 14"), std::string::npos) << s1;
  EXPECT_NE(s2.find(" in iteration "), std::string::npos) << s2;
}

TEST(Output, LostWakeUpTraceNamesTheResettingBlock) {
  // A counter reset by the last arriver: the trace names a resetting block
  // other than the waiting one, whose ticket is the grid size minus one.
  RunResult r = runSyncproof({"check", "--block", "256", "--grid", "1:1024", "--cooperative",
                              sourceDir() + "/examples/protocols/gbarrier_reset_lost_wakeup.cu"});
  ASSERT_EQ(r.exitCode, 1) << r.out << r.err;
  auto number = [&](const std::string &after) -> long {
    size_t at = r.out.find(after);
    return at == std::string::npos ? -1 : std::stol(r.out.substr(at + after.size()));
  };
  long grid = number("gridDim = (");
  long waiter = number("step 1: block (");
  long resetter = number("adds last (its atomicAdd returns ");
  ASSERT_GE(grid, 2) << r.out;
  EXPECT_EQ(resetter, grid - 1) << r.out;
  size_t blockAt = r.out.find("step 3: block (");
  ASSERT_NE(blockAt, std::string::npos) << r.out;
  long resettingBlock = std::stol(r.out.substr(blockAt + 15));
  EXPECT_NE(resettingBlock, waiter) << r.out;
  EXPECT_LT(resettingBlock, grid) << r.out;
  EXPECT_NE(r.out.find("resets 'arrived' to 0"), std::string::npos) << r.out;
}

TEST(LaunchContract, BulkCopySourceWrittenThroughAnAliasingPointer) {
  // A bulk copy of 'scratch' after generic writes of 'other': separate
  // buffers are proved; when pointer parameters may alias, the write may be
  // of the copy's source, which the async proxy reads without a proxy fence
  // (not modelled: unknown at the copy).
  const char *kCopy = R"(
#include <cuda/ptx>
namespace ptx = cuda::ptx;
__global__ void stage(const float* in, float* scratch, float* other, float* out) {
  __shared__ alignas(128) float tile[256];
  __shared__ alignas(8) cuda::std::uint64_t full;
  unsigned t = threadIdx.x;
  if (t == 0) {
    ptx::mbarrier_init(&full, 1);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  other[blockIdx.x * 256 + t] = 2.0f * in[blockIdx.x * 256 + t];
  __syncthreads();
  if (t == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full, 1024u);
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, tile, scratch + blockIdx.x * 256, 1024u, &full);
  }
  while (!ptx::mbarrier_try_wait_parity(&full, 0u)) {
  }
  out[blockIdx.x * 256 + t] = tile[255 - t];
}
)";
  std::string file = writeTemp(kCopy, "cu");
  RunResult separate = runSyncproof({"check", "--block", "256", "--grid", "1:65535", file});
  EXPECT_EQ(separate.exitCode, 0) << separate.out << separate.err;
  RunResult aliased = runSyncproof({"check", "--block", "256", "--grid", "1:65535", "--spec",
                                    writeTemp("pointers_may_alias: true\n", "yaml"), file});
  EXPECT_EQ(aliased.exitCode, 3) << aliased.out << aliased.err;
  EXPECT_NE(aliased.out.find("the generic write 'other[blockIdx.x * 256 + t]' (line 12) of this launch may overlap it"),
            std::string::npos)
      << aliased.out;
}

TEST(Output, PageReuseTraceNamesInstructionsAndBytes) {
  // An interpreter releasing a page early: the steps name the instruction
  // (the unrolled iteration of the interpreter loop at line 27 and its opcode
  // case) and the bytes of the page; the refill and the late access overlap.
  RunResult r = runSyncproof({"check", "--block", "160", "--grid", "2", "--cooperative",
                              sourceDir() + "/examples/pipelines/mk_interp_early_release.cu"});
  ASSERT_EQ(r.exitCode, 1) << r.out << r.err;
  auto stepLine = [&](const std::string &step) {
    size_t at = r.out.find(step);
    return at == std::string::npos ? std::string() : r.out.substr(at, r.out.find('\n', at) - at);
  };
  std::string refill = stepLine("step 2:"), access = stepLine("step 3:");
  ASSERT_FALSE(refill.empty()) << r.out;
  ASSERT_FALSE(access.empty()) << r.out;
  EXPECT_NE(refill.find("of the loop at line 27"), std::string::npos) << refill;
  EXPECT_NE(access.find("of the loop at line 27"), std::string::npos) << access;
  // The instruction kind: the opcode comparison of the branch each step is in.
  EXPECT_NE(refill.find("(in.op == LOAD)"), std::string::npos) << refill;
  EXPECT_NE(access.find("(in.op == MATVEC)"), std::string::npos) << access;
  auto range = [](const std::string &line, uint64_t &lo, uint64_t &hi) {
    size_t at = line.find("(bytes ");
    if (at == std::string::npos) return false;
    lo = std::stoull(line.substr(at + 7));
    hi = std::stoull(line.substr(line.find("..", at) + 2));
    return true;
  };
  uint64_t rlo = 0, rhi = 0, alo = 0, ahi = 0;
  ASSERT_TRUE(range(refill, rlo, rhi)) << refill;
  ASSERT_TRUE(range(access, alo, ahi)) << access;
  EXPECT_LE(rlo, alo) << r.out;
  EXPECT_GE(rhi, ahi) << r.out;
}

TEST(Model, PrintsTextAndJsonWithLocations) {
  RunResult t = runSyncproof({"model", simpleFile()});
  ASSERT_EQ(t.exitCode, 0) << t.err;
  EXPECT_NE(t.out.find("kernel fill"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("barrier.block"), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("write s["), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("@4:"), std::string::npos) << t.out;
  RunResult j = runSyncproof({"model", "--format", "json", simpleFile()});
  ASSERT_EQ(j.exitCode, 0) << j.err;
  auto json = llvm::json::parse(j.out);
  ASSERT_TRUE((bool)json) << llvm::toString(json.takeError());
  const auto *k = (*json->getAsObject()->getArray("kernels"))[0].getAsObject();
  EXPECT_EQ(k->getString("name"), "fill");
  EXPECT_EQ(k->getObject("body")->getString("kind"), "block");
}

TEST(CompileDatabase, NvccFlagsAreAdjusted) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("syncproof-cdb", dir));
  std::string src = std::string(dir) + "/k.cu";
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(src, ec);
    os << "#ifndef TILE\n#error TILE must come from the compile database\n#endif\n" << kSimple;
  }
  std::string db = "[{\"directory\": \"" + std::string(dir) + "\", \"file\": \"k.cu\", \"command\": "
                   "\"/usr/local/cuda/bin/nvcc -gencode arch=compute_90a,code=sm_90a --expt-relaxed-constexpr "
                   "-Xcompiler -fPIC -O3 -lineinfo -DTILE=32 -c k.cu -o k.o\"}]";
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(std::string(dir) + "/compile_commands.json", ec);
    os << db;
  }
  RunResult r = runSyncproof({"check", "-p", std::string(dir), "--block", "256", "--grid", "1:65535", src});
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  RunResult missing = runSyncproof({"check", "-p", "/nonexistent", src});
  EXPECT_EQ(missing.exitCode, 2);
}

TEST(ExtraArg, IsPassedToClang) {
  std::string f = writeTemp("#ifndef SP_INDEX\n#error need SP_INDEX\n#endif\n__global__ void k(int *p) { p[SP_INDEX] = 0; }\n", "cu");
  RunResult without = runSyncproof({"check", f});
  EXPECT_EQ(without.exitCode, 2);
  RunResult with = runSyncproof({"check", "--extra-arg=-DSP_INDEX=0", "--block", "1", "--grid", "1", f});
  EXPECT_EQ(with.exitCode, 0) << with.out << with.err;
}

TEST(LaunchContract, NumbersAreDecimalOrHex) {
  // `010` is ten (as in YAML 1.2), not eight; 0x10 is sixteen.
  const char *k = "__global__ void k(int *out, int n) { __shared__ int s[16]; s[threadIdx.x % n] = threadIdx.x; }\n";
  std::string f = writeTemp(k, "cu");
  // n = 10 with 16 threads: threads 0 and 10 write s[0] (different values).
  RunResult dec = runSyncproof({"check", "--block", "16", "--grid", "1", "--param", "n=010", f});
  EXPECT_EQ(dec.exitCode, 1) << dec.out << dec.err;
  RunResult hex = runSyncproof({"check", "--block", "16", "--grid", "1", "--param", "n=0x10", f});
  EXPECT_EQ(hex.exitCode, 0) << hex.out << hex.err;
  // Counts of the command line too (LLVM's parser read 010 as eight and refused 08).
  RunResult count = runSyncproof({"check", "--block", "16", "--grid", "1", "--param", "n=0x10", "--device", "h200",
                                  "--blocks-per-sm", "08", f});
  EXPECT_EQ(count.exitCode, 0) << count.out << count.err;
  RunResult notCount = runSyncproof({"check", "--block", "16", "--grid", "1", "--rlimit", "1e6", f});
  EXPECT_EQ(notCount.exitCode, 2) << notCount.out << notCount.err;
}

TEST(BadInput, UnwritableOutputIsExit2) {
  // A report that cannot be written is not the verdict it would have shown.
  std::string cmd = "'" + std::string(SYNCPROOF_BINARY) + "' check --block 256 --grid 1 '" + simpleFile() +
                    "' > /dev/full 2>/dev/null";
  int status = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
}

TEST(BadInput, CompileDatabaseWithOptionsFile) {
  // nvcc reads flags from the file; checking without them would check another program.
  std::string dir, src;
  ASSERT_TRUE(compileDatabase([](const std::string &d, const std::string &k) {
    return "[{\"directory\": \"" + d + "\", \"file\": \"" + k +
           "\", \"arguments\": [\"nvcc\", \"--options-file=opts.txt\", \"-c\", \"k.cu\"]}]";
  }, dir, src));
  RunResult r = runSyncproof({"check", "-p", dir, "--block", "256", "--grid", "1", src});
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("reads flags from a file"), std::string::npos) << r.err;
}

TEST(BadInput, DeviceTableIsValidated) {
  std::string k = writeTemp(kSimple, "cu");
  std::string good = readFile(sourceDir() + "/specs/devices.yaml");
  struct Case { std::string from, to, needle; };
  for (const Case &c : {Case{"    sms: 132\n    max_threads_per_sm: 2048\n    max_blocks_per_sm: 32\n    registers_per_sm: 65536\n    register_allocation_unit: 256     #",
                             "    sms: 132\n    max_threads_per_sm: 2048\n    max_blocks_per_sm: 32\n    registers_per_sm: 65536\n    regs_allocation_unit: 256     #",
                             "unknown limit 'regs_allocation_unit'"},
                        Case{"    sms: 132\n", "    sms: lots\n", "'sms' of device 'h100' must be a count"},
                        Case{"    sms: 132\n", "    sms: 0\n", "'sms' of device 'h100' must be positive"},
                        Case{"    sms: 132\n", "    sms: 132\n    sms: 66\n", "'sms' of device 'h100' is given twice"},
                        // session 17: a huge allocation unit made the occupancy arithmetic divide by 0 (SIGFPE)
                        Case{"    register_allocation_unit: 256     #", "    register_allocation_unit: 0x8000000000000000     #",
                             "is larger than any device has"}}) {
    std::string text = good;
    size_t at = text.find(c.from);
    ASSERT_NE(at, std::string::npos) << c.from;
    text.replace(at, c.from.size(), c.to);
    std::string table = writeTemp(text, "yaml");
    RunResult r = runSyncproof({"check", "--block", "256", "--grid", "4", "--cooperative", "--device", "h100",
                                "--device-table", table, k});
    EXPECT_EQ(r.exitCode, 2) << c.needle << "\n" << r.out << r.err;
    EXPECT_NE(r.err.find(c.needle), std::string::npos) << r.err;
  }
  // More blocks per SM than the device allows.
  RunResult over = runSyncproof({"check", "--block", "32", "--grid", "4", "--cooperative", "--device", "h100",
                                 "--blocks-per-sm", "33", k});
  EXPECT_EQ(over.exitCode, 2) << over.out << over.err;
  EXPECT_NE(over.err.find("is more than device 'h100' allows"), std::string::npos) << over.err;
}

TEST(BadInput, OptionsThatDescribeOneCheckAreRefusedInBatchMode) {
  std::string k = writeTemp(kSimple, "cu");
  RunResult cert = runSyncproof({"check", "-j", "2", "--certificate", "/tmp/x.cert.json", k});
  EXPECT_EQ(cert.exitCode, 2);
  EXPECT_NE(cert.err.find("cannot be used with -j"), std::string::npos) << cert.err;
  RunResult html = runSyncproof({"check", "-j", "2", "--trace-html", "/tmp/x.html", k});
  EXPECT_EQ(html.exitCode, 2);
}

TEST(BadInput, ClangArgumentErrorsAreInputErrors) {
  // Clang reports a bad -std for CUDA as an error but the tool still ran.
  RunResult r = runSyncproof({"check", "--extra-arg=-std=c99", "--block", "256", "--grid", "1", simpleFile()});
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("error"), std::string::npos) << r.err;
}

TEST(BadInput, CompileDatabaseWithMissingDirectory) {
  // ClangTool changes into the entry's directory and aborts the process when it is gone.
  std::string dir, src;
  ASSERT_TRUE(compileDatabase([](const std::string &, const std::string &k) {
    return "[{\"directory\": \"/nonexistent/build\", \"file\": \"" + k + "\", \"command\": \"nvcc -c " + k + "\"}]";
  }, dir, src));
  RunResult r = runSyncproof({"check", "-p", dir, src});
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("does not exist"), std::string::npos) << r.err;
}

TEST(BadInput, DeeplyNestedExpressionIsCheckedNotACrash) {
  // A long chain of additions nests once per operand in Clang's AST, in the
  // model and in the solver's terms: the check runs on a large stack.
  std::string e = "threadIdx.x";
  for (int i = 0; i < 4000; ++i) e += " + 1u";
  std::string k = "__global__ void k(int *out) { __shared__ int s[8192]; s[(" + e +
                  ") % 8192u] = 1; __syncthreads(); out[threadIdx.x] = s[threadIdx.x]; }\n";
  RunResult r = runSyncproof({"check", "--block", "256", "--grid", "1", writeTemp(k, "cu")});
  EXPECT_TRUE(r.exitCode == 0 || r.exitCode == 3) << r.exitCode << "\n" << r.out << r.err;
  EXPECT_EQ(r.err.find("Stack dump"), std::string::npos) << r.err;
}

TEST(Verdicts, NoKernelsIsNotProved) {
  std::string f = writeTemp("__device__ int helper(int x) { return x + 1; }\n", "cu");
  RunResult r = runSyncproof({"check", f});
  EXPECT_EQ(r.exitCode, 3) << r.out << r.err;
}

}  // namespace

// Contracts in the files (docs/spec-format.md "In the source").
TEST(SourceContract, TheFilesOwnContractIsUsedWhenTheCommandLineGivesNone) {
  std::string ex = sourceDir() + "/examples/";
  std::string ok = ex + "intra-block/shift_loop_reduce_ok.cu";
  RunResult r = runSyncproof({"check", ok});
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_NE(r.err.find("shift_loop_reduce_ok.cu:6: the file's contract: --block 256 --grid 1:65535"), std::string::npos)
      << r.err;
  // Flags on the command line win, and --no-source-contract ignores the file's.
  RunResult flags = runSyncproof({"check", "--block", "256", "--grid", "4", ok});
  EXPECT_EQ(flags.exitCode, 0) << flags.err;
  EXPECT_EQ(flags.err.find("the file's contract"), std::string::npos) << flags.err;
  RunResult off = runSyncproof({"check", "--no-source-contract", ok});
  EXPECT_EQ(off.err.find("the file's contract"), std::string::npos) << off.err;
  // Several files, each with its own contract (one with %S: a memory file
  // beside it), checked one at a time.
  RunResult many = runSyncproof({"check", "--format", "json", ex + "intra-block/transpose_ok.cu",
                                 ex + "intra-block/transpose_missing_sync.cu",
                                 ex + "pipelines/mk_interp_from_file_ok.cu"});
  EXPECT_EQ(many.exitCode, 1) << many.err;
  auto json = llvm::json::parse(many.out);
  ASSERT_TRUE((bool)json) << many.out;
  std::map<std::string, std::string> verdicts;
  for (const auto &kv : *json->getAsObject()->getArray("kernels")) {
    const auto *k = kv.getAsObject();
    std::string file = k->getObject("location") ? k->getObject("location")->getString("file").value_or("").str() : "";
    verdicts[llvm::sys::path::filename(file).str()] = k->getString("verdict").value_or("").str();
  }
  EXPECT_EQ(verdicts["transpose_ok.cu"], "proved") << many.out;
  EXPECT_EQ(verdicts["transpose_missing_sync.cu"], "violations") << many.out;
  EXPECT_EQ(verdicts["mk_interp_from_file_ok.cu"], "proved") << many.out;
  // A malformed contract names its line.
  std::string bad = writeTemp("// syncproof-args: --grid 0\n__global__ void k(int *p) { p[threadIdx.x] = 1; }\n", "cu");
  RunResult b = runSyncproof({"check", bad});
  EXPECT_EQ(b.exitCode, 2);
  EXPECT_NE(b.err.find(":1: --grid"), std::string::npos) << b.err;
}

// Launches in the host code (docs/spec-format.md "Launches in the host code").
TEST(SourceContract, LaunchesInTheHostCodeAreTheContract) {
  // Races only in blocks of more than 128 threads; launched with 128.
  const std::string kernel =
      "__global__ void fold(float *out, int n) {\n"
      "  __shared__ float s[128];\n"
      "  s[threadIdx.x % 128] = out[blockIdx.x * 128 + threadIdx.x % 128];\n"
      "  __syncthreads();\n"
      "  if (threadIdx.x < 128 && n > 0) out[blockIdx.x * 128 + threadIdx.x] = s[127 - threadIdx.x];\n"
      "}\n";
  std::string good = writeTemp(kernel +
                                   "void run(float *d) {\n"
                                   "  const int threads = 128;\n"
                                   "  dim3 grid(64);\n"
                                   "  fold<<<grid, threads>>>(d, 7);\n"
                                   "  fold<<<dim3(16, 1, 1), dim3(threads)>>>(d, 9);\n"
                                   "}\n",
                               "cu");
  RunResult r = runSyncproof({"check", "--format", "json", good});
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_NE(r.err.find("the contract from its launches at"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("grid ([16..64],1,1), block (128,1,1)"), std::string::npos) << r.err;
  // Each launch is checked by itself: shapes between them are not launched.
  EXPECT_NE(r.err.find("(each of its 2 launch shapes checked by itself)"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("parameter n in [7, 7]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("parameter n in [9, 9]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("grid (16,1,1), block (128,1,1)"), std::string::npos) << r.out;
  // A flag on the command line wins: every block size up to 1024 races.
  RunResult flags = runSyncproof({"check", "--grid", "1:64", good});
  EXPECT_EQ(flags.exitCode, 1) << flags.out << flags.err;
  EXPECT_EQ(flags.err.find("the contract from its launch"), std::string::npos) << flags.err;
  RunResult off = runSyncproof({"check", "--no-source-contract", good});
  EXPECT_EQ(off.exitCode, 1) << off.err;
  // A shape that is not a constant: every shape, and the output says why.
  std::string open = writeTemp(kernel +
                                   "void run(float *d, int n) {\n"
                                   "  dim3 grid(n / 128);\n"
                                   "  fold<<<grid, 128>>>(d, n);\n"
                                   "}\n",
                               "cu");
  RunResult o = runSyncproof({"check", open});
  EXPECT_EQ(o.exitCode, 1) << o.err;
  EXPECT_NE(o.err.find("'n / 128' is not a constant; checked for every launch shape"), std::string::npos) << o.err;
  // A dim3 the host code changes after its initialiser is not read.
  std::string changed = writeTemp(kernel +
                                      "void run(float *d, int n) {\n"
                                      "  dim3 block(128);\n"
                                      "  if (n > 4) block.x = 256;\n"
                                      "  fold<<<1, block>>>(d, n);\n"
                                      "}\n",
                                  "cu");
  RunResult c = runSyncproof({"check", changed});
  EXPECT_EQ(c.exitCode, 1) << c.err;
  EXPECT_NE(c.err.find("'block' is used other than by launches"), std::string::npos) << c.err;
  // The kernel's name used otherwise (a function pointer) may launch it with
  // another shape: its launches are not the contract.
  std::string escaped = writeTemp(kernel +
                                      "void run(float *d) {\n"
                                      "  fold<<<1, 128>>>(d, 1);\n"
                                      "  void (*kp)(float *, int) = fold;\n"
                                      "  kp<<<1, 512>>>(d, 1);\n"
                                      "}\n",
                                  "cu");
  RunResult e = runSyncproof({"check", escaped});
  EXPECT_EQ(e.exitCode, 1) << e.err;
  EXPECT_NE(e.err.find("its name is used other than in a launch this reads"), std::string::npos) << e.err;
  // No launch and no contract at all: one line says what is checked.
  std::string none = writeTemp(kernel, "cu");
  RunResult n = runSyncproof({"check", none});
  EXPECT_EQ(n.exitCode, 1) << n.err;
  EXPECT_NE(n.err.find("kernel 'fold': no launch contract"), std::string::npos) << n.err;
  // Braced lists in the configuration (nvcc accepts them; Clang's parser is
  // bridged), and configurations CUDA refuses, which run nothing.
  std::string braced = writeTemp(kernel +
                                     "void run(float *d) {\n"
                                     "  fold<<<{16, 1}, {128, 1, 1}>>>(d, 3);\n"
                                     "  fold<<<0, 512>>>(d, 3);\n"
                                     "  fold<<<{4, 1, 1}, {2048}>>>(d, 3);\n"
                                     "}\n",
                                 "cu");
  RunResult b = runSyncproof({"check", "--format", "json", braced});
  EXPECT_EQ(b.exitCode, 0) << b.out << b.err;
  EXPECT_NE(b.err.find("grid (16,1,1), block (128,1,1)"), std::string::npos) << b.err;
  EXPECT_NE(b.err.find("runs nothing (grid.x is 0)"), std::string::npos) << b.err;
  EXPECT_NE(b.err.find("runs nothing (block.x = 2048 exceeds 1024)"), std::string::npos) << b.err;
  // Two launches, each race-free; a block size between them (33) races: no
  // launch uses it (a black-box review's false alarm, when the range of the
  // launches was the contract).
  std::string two = writeTemp("__global__ void k(int *o) {\n"
                              "  if (blockDim.x % 32 == 0) o[threadIdx.x] = 1;\n"
                              "  else o[0] = threadIdx.x;\n"
                              "}\n"
                              "void run(int *o) { k<<<1, 32>>>(o); k<<<1, 64>>>(o); }\n",
                              "cu");
  RunResult t = runSyncproof({"check", two});
  EXPECT_EQ(t.exitCode, 0) << t.out << t.err;
  // Only refused configurations: every shape.
  std::string refused = writeTemp(kernel + "void run(float *d) { fold<<<1, dim3(32, 32, 2)>>>(d, 3); }\n", "cu");
  RunResult rf = runSyncproof({"check", refused});
  EXPECT_EQ(rf.exitCode, 1) << rf.err;
  EXPECT_NE(rf.err.find("a block of 2048 threads exceeds 1024); checked for every launch shape"), std::string::npos)
      << rf.err;
}

// __launch_bounds__(N): blocks of more than N threads never run (the launch
// fails). A contract that admits only such blocks admits no launch.
TEST(LaunchBounds, BlocksPastTheBoundAdmitNoLaunch) {
  std::string f = writeTemp("__global__ void __launch_bounds__(128) fold(float *out) {\n"
                            "  __shared__ float s[128];\n"
                            "  s[threadIdx.x % 128] = out[threadIdx.x];\n"
                            "  __syncthreads();\n"
                            "  out[threadIdx.x] = s[127 - threadIdx.x % 128];\n"
                            "}\n",
                            "cu");
  RunResult big = runSyncproof({"check", "--block", "256", "--grid", "1", f});
  EXPECT_EQ(big.exitCode, 3) << big.out << big.err;
  EXPECT_NE(big.out.find("more than the 128 threads its __launch_bounds__ allow"), std::string::npos) << big.out;
  RunResult any = runSyncproof({"check", "--format", "json", "--block", "1:1024", "--grid", "1", f});
  EXPECT_EQ(any.exitCode, 0) << any.out << any.err;
  EXPECT_NE(any.out.find("blocks of at most 128 threads (__launch_bounds__"), std::string::npos) << any.out;
}
