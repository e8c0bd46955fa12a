// --resource-usage: the registers and static shared memory of each kernel
// from real nvcc 13 output (tests/resource-usage/, README.md there) decide
// whether a spinning grid fits on the device. End to end through the binary
// (exit 0 vs a `co-resident` deadlock, input errors exit 2, flags win over the
// file, the spec key, nvcc `auto`), and the parser and name matching alone.
#include "support.h"

#include "driver/resource_usage.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace syncproof::test;
using syncproof::driver::ResourceTable;

namespace {

std::string data(const std::string &name) { return sourceDir() + "/tests/resource-usage/" + name; }
// The grid barrier of normalise (no shared memory), proved for grids up to
// 132 x blocks per SM on an H200.
std::string overbooked() { return sourceDir() + "/examples/protocols/gbarrier_sm_overbooked.cu"; }
std::string tiled() { return data("gbarrier_tile.cu"); }

RunResult checkNormalise(const std::string &grid, std::vector<std::string> extra) {
  std::vector<std::string> a = {"check", "--block", "256", "--grid", grid, "--device", "h200"};
  a.insert(a.end(), extra.begin(), extra.end());
  a.push_back(overbooked());
  return runSyncproof(a);
}

bool has(const std::string &text, const std::string &what) { return text.find(what) != std::string::npos; }

TEST(ResourceUsage, RegistersFromCuobjdumpMakeTheGridFit) {
  // Without registers, 255 per thread are assumed: 1 block of 256 threads per SM, 132 in all.
  RunResult none = checkNormalise("1:264", {});
  EXPECT_EQ(none.exitCode, 1) << none.out << none.err;
  EXPECT_TRUE(has(none.out, "co-resident")) << none.out;
  // cuobjdump says REG:31: 8 blocks per SM (as cudaOccupancyMaxActiveBlocksPerMultiprocessor on an H200).
  RunResult file = checkNormalise("1:264", {"--resource-usage", data("normalise.cuobjdump.txt")});
  EXPECT_EQ(file.exitCode, 0) << file.out << file.err;
  EXPECT_TRUE(has(file.out, "kernel 'normalise': proved")) << file.out;
}

TEST(ResourceUsage, RegistersFromTheFileBoundTheGrid) {
  RunResult fits = checkNormalise("1:1056", {"--resource-usage", data("normalise.cuobjdump.txt")});
  EXPECT_EQ(fits.exitCode, 0) << fits.out << fits.err;
  RunResult over = checkNormalise("1:1057", {"--resource-usage", data("normalise.cuobjdump.txt")});
  EXPECT_EQ(over.exitCode, 1) << over.out << over.err;
  EXPECT_TRUE(has(over.out, "[deadlock]")) << over.out;
  EXPECT_TRUE(has(over.out, "exceeds the 1056 blocks that can be co-resident on h200 (132 SMs x 8 blocks per SM; "
                            "31 registers per thread (from '" + data("normalise.cuobjdump.txt") + "')"))
      << over.out;
}

TEST(ResourceUsage, PtxasAndFatBinaryFormats) {
  for (const char *f : {"normalise.ptxas.txt", "normalise.fatbin.cuobjdump.txt"}) {
    RunResult fits = checkNormalise("1:1056", {"--resource-usage", data(f)});
    EXPECT_EQ(fits.exitCode, 0) << f << fits.out << fits.err;
    RunResult over = checkNormalise("1:1057", {"--resource-usage", data(f)});
    EXPECT_EQ(over.exitCode, 1) << f << over.out << over.err;
    EXPECT_TRUE(has(over.out, "co-resident")) << over.out;
  }
}

// 48 KiB static shared (ptxas) + the launch's dynamic shared memory + 1 KiB
// reserved per block: 2 blocks per SM up to 66560 dynamic bytes, 1 above
// (the H200's occupancy API agrees, tests/resource-usage/README.md).
TEST(ResourceUsage, StaticSharedFromPtxasPlusDynamicShared) {
  auto run = [](const std::string &dyn, std::vector<std::string> extra = {}) {
    std::vector<std::string> a = {"check", "--block", "256", "--grid", "1:264", "--device", "h200", "--dynamic-smem",
                                  dyn, "--resource-usage", data("normalise_tiled.ptxas.txt")};
    a.insert(a.end(), extra.begin(), extra.end());
    a.push_back(tiled());
    return runSyncproof(a);
  };
  RunResult fits = run("66560");
  EXPECT_EQ(fits.exitCode, 0) << fits.out << fits.err;
  RunResult over = run("66561");
  EXPECT_EQ(over.exitCode, 1) << over.out << over.err;
  EXPECT_TRUE(has(over.out, "49152 bytes of static shared memory")) << over.out;
  EXPECT_TRUE(has(over.out, "+ 66561 dynamic")) << over.out;
  // A stated shared size (static + dynamic) wins over the file and the launch.
  RunResult stated = run("66561", {"--shared-bytes-per-block", "50000"});
  EXPECT_EQ(stated.exitCode, 0) << stated.out << stated.err;
}

TEST(ResourceUsage, StatedRegistersWinOverTheFile) {
  RunResult r = checkNormalise("1:264", {"--resource-usage", data("normalise.cuobjdump.txt"),
                                         "--registers-per-thread", "255"});
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "255 registers per thread (stated)")) << r.out;
  // Also when the file comes from a spec and the registers from the same spec.
  std::string spec = writeTemp("launch:\n  block: 256\n  grid: [[1, 264]]\n  device: h200\n  resource_usage: " +
                                   data("normalise.cuobjdump.txt") + "\n  registers_per_thread: 255\n",
                               "yaml");
  RunResult s = runSyncproof({"check", "--spec", spec, overbooked()});
  EXPECT_EQ(s.exitCode, 1) << s.out << s.err;
  RunResult flag = runSyncproof({"check", "--spec", spec, "--registers-per-thread", "31", overbooked()});
  EXPECT_EQ(flag.exitCode, 0) << flag.out << flag.err;
}

TEST(ResourceUsage, SpecKeyIsRelativeToTheSpecFile) {
  llvm::SmallString<128> d;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("syncproof-ru-test", d));
  std::string dir(d);
  ASSERT_FALSE(llvm::sys::fs::create_directory(dir + "/build"));
  ASSERT_FALSE(llvm::sys::fs::copy_file(data("normalise.ptxas.txt"), dir + "/build/ptxas.txt"));
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(dir + "/k.yaml", ec);
    ASSERT_FALSE(ec);
    os << "launch:\n  block: 256\n  grid: [[1, 264]]\n  device: h200\n  resource_usage: build/ptxas.txt\n";
  }
  RunResult r = runSyncproof({"check", "--spec", dir + "/k.yaml", overbooked()});
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  // The flag replaces the spec's file.
  RunResult f = runSyncproof({"check", "--spec", dir + "/k.yaml", "--resource-usage", data("normalise_tiled.ptxas.txt"),
                              overbooked()});
  EXPECT_EQ(f.exitCode, 2) << f.out << f.err;
  llvm::sys::fs::remove_directories(dir);
}

TEST(ResourceUsage, KernelMissingFromTheFileExit2) {
  RunResult r = checkNormalise("1:264", {"--resource-usage", data("normalise_tiled.ptxas.txt")});
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_TRUE(has(r.err, "resource usage file '" + data("normalise_tiled.ptxas.txt") +
                             "' does not mention kernel 'normalise' (it lists '_Z15normalise_tiledPfS_Pj')"))
      << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST(ResourceUsage, MalformedOrUnreadableFileExit2) {
  struct Case {
    std::string text, message;
  } cases[] = {
      {"this is not resource usage\n", "no kernel resource usage found"},
      {"", "no kernel resource usage found"},
      // Truncated after the function line.
      {"\nResource usage:\n Common:\n  GLOBAL:0\n Function _Z9normalisePfS_Pj:\n", ":5: no 'REG:... SHARED:...' line"},
      {"Resource usage:\n Function _Z9normalisePfS_Pj:\n  REG:lots STACK:0 SHARED:0\n", ":3: the resources of"},
      {"Resource usage:\n Function _Z9normalisePfS_Pj:\n  STACK:0 LOCAL:0\n", "expected 'REG:N ... SHARED:N ...'"},
      // session 17: an absurd count overflowed the occupancy arithmetic and proved a deadlocking grid
      {"Resource usage:\n Function _Z9normalisePfS_Pj:\n  REG:576460752303423488 STACK:0 SHARED:0\n",
       "more than the 255 registers"},
      {"ptxas info    : Compiling entry function '_Z9normalisePfS_Pj' for 'sm_90a'\n"
       "ptxas info    : Used 300 registers, used 0 barriers\n",
       "more than the 255 registers"},
      {"ptxas info    : Compiling entry function '_Z9normalisePfS_Pj' for 'sm_90a'\n"
       "ptxas info    : Function properties for _Z9normalisePfS_Pj\n",
       ":1: no 'Used N registers' line for entry function '_Z9normalisePfS_Pj'"},
  };
  for (const auto &c : cases) {
    std::string f = writeTemp(c.text, "txt");
    RunResult r = checkNormalise("1:264", {"--resource-usage", f});
    EXPECT_EQ(r.exitCode, 2) << c.text << r.out << r.err;
    EXPECT_TRUE(has(r.err, "malformed resource usage file: " + f)) << r.err;
    EXPECT_TRUE(has(r.err, c.message)) << c.message << " in " << r.err;
    llvm::sys::fs::remove(f);
  }
  RunResult missing = checkNormalise("1:264", {"--resource-usage", "/nonexistent/ru.txt"});
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_TRUE(has(missing.err, "cannot read resource usage file '/nonexistent/ru.txt'")) << missing.err;
  RunResult dir = checkNormalise("1:264", {"--resource-usage", sourceDir()});
  EXPECT_EQ(dir.exitCode, 2);
  EXPECT_TRUE(has(dir.err, "cannot read resource usage file")) << dir.err;
}

TEST(ResourceUsage, NeedsADevice) {
  RunResult r = runSyncproof({"check", "--block", "256", "--grid", "1:264", "--resource-usage",
                              data("normalise.cuobjdump.txt"), overbooked()});
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_TRUE(has(r.err, "need a device")) << r.err;
}

// `auto` compiles the checked file with nvcc (CUDA 13 in CI, as for Kernels.*).
TEST(ResourceUsage, AutoRunsNvcc) {
  ASSERT_TRUE(llvm::sys::fs::can_execute("/usr/local/cuda/bin/nvcc"))
      << "nvcc not found in /usr/local/cuda/bin: the CUDA 13 toolkit is required";
  RunResult fits = checkNormalise("1:1056", {"--resource-usage", "auto"});
  EXPECT_EQ(fits.exitCode, 0) << fits.out << fits.err;
  RunResult over = checkNormalise("1:1057", {"--resource-usage", "auto"});
  EXPECT_EQ(over.exitCode, 1) << over.out << over.err;
  EXPECT_TRUE(has(over.out, "31 registers per thread (from nvcc --resource-usage)")) << over.out;
}

TEST(ResourceUsage, AutoWithoutNvccExit2) {
  // A CUDA installation Clang accepts (headers, libdevice) but without nvcc.
  llvm::SmallString<128> d;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("syncproof-ru-cuda", d));
  std::string dir(d);
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it("/usr/local/cuda", ec), end; it != end && !ec; it.increment(ec)) {
    std::string name = llvm::sys::path::filename(it->path()).str();
    if (name != "bin") ASSERT_FALSE(llvm::sys::fs::create_link(it->path(), dir + "/" + name));
  }
  ASSERT_FALSE(llvm::sys::fs::create_directory(dir + "/bin"));
  RunResult r = checkNormalise("1:264", {"--cuda-path", dir, "--resource-usage", "auto"});
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_TRUE(has(r.err, "--resource-usage auto: nvcc not found at '" + dir + "/bin/nvcc'")) << r.err;
  llvm::sys::fs::remove_directories(dir);
}

// ------------------------------------------------------------ the parser alone

syncproof::model::Kernel kernel(const std::string &name, const std::string &display) {
  syncproof::model::Kernel k;
  k.name = name;
  k.displayName = display;
  return k;
}

std::vector<std::string> found(const ResourceTable &t, const std::string &name, const std::string &display) {
  std::vector<std::string> out;
  for (auto *e : syncproof::driver::findKernelResources(t, kernel(name, display)))
    out.push_back(e->name + "@" + e->arch + ":" + std::to_string(e->registers) + "/" + std::to_string(e->sharedBytes));
  return out;
}

TEST(ResourceUsageParser, BothFormatsMangledPlainAndDemangledNames) {
  std::string text = syncproof::test::readFile(data("normalise.fatbin.cuobjdump.txt")) +
                     syncproof::test::readFile(data("normalise_tiled.ptxas.txt")) +
                     // nvcc output of other kernels, names as other tools print them.
                     "ptxas info    : Compiling entry function 'plain_k' for 'sm_90a'\n"
                     "ptxas info    : Used 10 registers, used 1 barriers, 40 bytes smem, 360 bytes cmem[0]\n"
                     "ptxas info    : Compiling entry function '_ZN2ns2tkILi3EEEvPi' for 'sm_90a'\n"
                     "ptxas info    : Used 12 registers, used 0 barriers\n"
                     "ptxas info    : Compiling entry function '_ZN2ns2tkILi4EEEvPi' for 'sm_90a'\n"
                     "ptxas info    : Used 14 registers, used 0 barriers\n"
                     "ptxas info    : Function properties for _Z1ff\n"
                     "ptxas info    : Used 99 registers\n"
                     // (the arch of the fat binary above carries over)
                     "Resource usage:\n Function scale(float*, int):\n  REG:20 STACK:0 SHARED:1024 LOCAL:0\n"
                     " Function void ns::tk<5>(int*):\n  REG:16 STACK:0 SHARED:0 LOCAL:0\n";
  ResourceTable t;
  std::string err;
  ASSERT_TRUE(syncproof::driver::parseResourceUsage(text, "log.txt", t, err)) << err;
  // Both architectures of the fat binary (the checker takes the largest).
  EXPECT_EQ(found(t, "normalise", "normalise"),
            (std::vector<std::string>{"_Z9normalisePfS_Pj@sm_80:30/0", "_Z9normalisePfS_Pj@sm_90a:31/0"}));
  EXPECT_EQ(found(t, "normalise_tiled", "normalise_tiled"),
            (std::vector<std::string>{"_Z15normalise_tiledPfS_Pj@sm_90a:32/49152"}));
  EXPECT_EQ(found(t, "plain_k", "plain_k"), (std::vector<std::string>{"plain_k@sm_90a:10/40"}));
  // Template instances by their qualified names; another instance only by base name.
  EXPECT_EQ(found(t, "tk", "ns::tk<4>"), (std::vector<std::string>{"_ZN2ns2tkILi4EEEvPi@sm_90a:14/0"}));
  EXPECT_EQ(found(t, "tk", "ns::tk<5>"), (std::vector<std::string>{"void ns::tk<5>(int*)@sm_90a:16/0"}));
  EXPECT_EQ(found(t, "tk", "ns::tk<6>").size(), 3u);
  EXPECT_EQ(found(t, "scale", "scale"), (std::vector<std::string>{"scale(float*, int)@sm_90a:20/1024"}));
  // A device function's "Used" line (no entry function) is not a kernel.
  EXPECT_TRUE(found(t, "f", "f").empty());
  EXPECT_TRUE(found(t, "other", "other").empty());
}

}  // namespace
