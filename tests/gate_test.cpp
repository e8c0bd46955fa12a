// Certificates and the gate, end to end through the real binary: a kernel
// that includes a local header (found through -I) and a spec are certified
// in a temporary directory; the gate accepts them unchanged without
// re-solving, refuses tampering with the kernel, the header and the spec
// (and does not run the command), re-checks and accepts a benign change, and
// rejects malformed certificates with exit 2.
#include "support.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace syncproof::test;

namespace {

const char *kHeader = R"(// Tile size and the barrier of the transpose kernel.
#pragma once
#define TILE 16
#define TILE_SYNC() __syncthreads()
)";

// examples/intra-block/transpose_ok.cu with TILE and its barrier from the header.
std::string kernelText() {
  std::string k = readFile(sourceDir() + "/examples/intra-block/transpose_ok.cu");
  auto replace = [&](const std::string &from, const std::string &to) {
    size_t at = k.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) k.replace(at, from.size(), to);
  };
  replace("#define TILE 16", "#include \"tile.h\"");
  replace("__syncthreads();", "TILE_SYNC();");
  return k;
}

void writeFile(const std::string &path, const std::string &text) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  ASSERT_FALSE(ec) << path;
  os << text;
}

void replaceInFile(const std::string &path, const std::string &from, const std::string &to) {
  std::string t = readFile(path);
  size_t at = t.find(from);
  ASSERT_NE(at, std::string::npos) << from << " in " << path;
  t.replace(at, from.size(), to);
  writeFile(path, t);
}

bool exists(const std::string &p) { return llvm::sys::fs::exists(p); }

int lineCount(const std::string &s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

class Gate : public ::testing::Test {
protected:
  std::string dir, kernel, header, spec, cert, marker;

  void SetUp() override {
    llvm::SmallString<128> d;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("syncproof-gate-test", d));
    dir = std::string(d);
    ASSERT_FALSE(llvm::sys::fs::create_directory(dir + "/include"));
    kernel = dir + "/transpose.cu";
    header = dir + "/include/tile.h";
    spec = dir + "/transpose.yaml";
    cert = dir + "/cert.json";
    marker = dir + "/marker";
    writeFile(header, kHeader);
    writeFile(kernel, kernelText());
    writeFile(spec, readFile(sourceDir() + "/specs/transpose.yaml"));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir); }

  RunResult certify() {
    return runSyncproof({"check", "--certificate", cert, "--spec", spec, "--extra-arg=-I" + dir + "/include", kernel});
  }
  RunResult gate(std::vector<std::string> extra = {}) {
    std::vector<std::string> a = {"gate"};
    a.insert(a.end(), extra.begin(), extra.end());
    a.insert(a.end(), {cert, "--", "touch", marker});
    return runSyncproof(a);
  }
  void certifyProved() {
    RunResult r = certify();
    ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
    ASSERT_TRUE(exists(cert));
  }
};

TEST_F(Gate, CertificateBindsSourcesHeadersSpecAndProperties) {
  certifyProved();
  auto v = llvm::json::parse(readFile(cert));
  ASSERT_TRUE(bool(v)) << llvm::toString(v.takeError());
  const llvm::json::Object *o = v->getAsObject();
  ASSERT_TRUE(o);
  EXPECT_EQ(o->getString("verdict").value_or(""), "proved");
  std::map<std::string, std::string> roleOf;
  for (const auto &in : *o->getArray("inputs")) {
    const auto *io = in.getAsObject();
    roleOf[io->getString("path")->str()] = io->getString("role")->str();
    EXPECT_EQ(io->getString("sha256")->size(), 64u);
  }
  EXPECT_EQ(roleOf[kernel], "source");
  EXPECT_EQ(roleOf[header], "header");  // found through -I
  EXPECT_EQ(roleOf[spec], "spec");
  bool cudaHeader = false, clangHeader = false;
  for (auto &[p, role] : roleOf) {
    cudaHeader |= role == "header" && llvm::StringRef(p).ends_with("/cuda_runtime.h");
    clangHeader |= role == "header" && llvm::StringRef(p).ends_with("/__clang_cuda_runtime_wrapper.h");
  }
  EXPECT_TRUE(cudaHeader) << "the CUDA headers are bound";
  EXPECT_TRUE(clangHeader) << "Clang's CUDA wrapper headers are bound";
  const auto *launch = o->getObject("launch");
  ASSERT_TRUE(launch);
  EXPECT_NE(launch->getString("description").value_or("").find("block (16,16,1)"), llvm::StringRef::npos);
  const auto *kernels = o->getArray("kernels");
  ASSERT_TRUE(kernels);
  ASSERT_EQ(kernels->size(), 1u);
  const auto *k = (*kernels)[0].getAsObject();
  EXPECT_EQ(k->getString("name").value_or(""), "transpose");
  std::map<std::string, std::string> status;
  for (const auto &p : *k->getArray("properties"))
    status[p.getAsObject()->getString("name")->str()] = p.getAsObject()->getString("status")->str();
  EXPECT_EQ(status["race-freedom-within-block"], "proved");
  EXPECT_EQ(status["race-freedom-between-blocks"], "proved");
  EXPECT_EQ(status["barrier-uniformity"], "proved");
  EXPECT_EQ(status["warp-sync-masks"], "not-applicable");
  EXPECT_EQ(status["grid-sync"], "not-applicable");
}

TEST_F(Gate, UnchangedRunsCommandWithoutRecheck) {
  certifyProved();
  RunResult r = gate();
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(exists(marker)) << r.err;
  EXPECT_NE(r.err.find("certificate valid"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("no re-check"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("re-checking"), std::string::npos) << r.err;
  // With re-checking forbidden it still passes: nothing needed re-solving.
  llvm::sys::fs::remove(marker);
  r = gate({"--no-recheck", "--verbose"});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(exists(marker)) << r.err;
  EXPECT_NE(r.err.find("unchanged header " + header), std::string::npos) << r.err;
}

TEST_F(Gate, PropagatesTheCommandsExitCode) {
  certifyProved();
  RunResult r = runSyncproof({"gate", cert, "--", "sh", "-c", "exit 7"});
  EXPECT_EQ(r.exitCode, 7) << r.err;
  r = runSyncproof({"gate", cert, "--", "no-such-command-syncproof-test"});
  EXPECT_EQ(r.exitCode, 125) << r.err;
  EXPECT_NE(r.err.find("command not found"), std::string::npos) << r.err;
}

TEST_F(Gate, KernelWithRaceRefused) {
  certifyProved();
  replaceInFile(kernel, "TILE_SYNC();", "/* barrier removed */");
  RunResult r = gate();
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_FALSE(exists(marker)) << "the command must not run";
  EXPECT_NE(r.err.find("refused"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("source '" + kernel + "' was modified"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("data race on 'tile'"), std::string::npos) << r.err;
}

TEST_F(Gate, HeaderTamperRefused) {
  certifyProved();
  replaceInFile(header, "#define TILE_SYNC() __syncthreads()", "#define TILE_SYNC()");
  RunResult r = gate();
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_FALSE(exists(marker));
  EXPECT_NE(r.err.find("header '" + header + "' was modified"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("the proof no longer stands"), std::string::npos) << r.err;
}

TEST_F(Gate, SpecTamperRefused) {
  certifyProved();
  // 32x32 threads over a 16x17 tile: threads overwrite each other.
  replaceInFile(spec, "block: [16, 16]", "block: [32, 32]");
  RunResult r = gate();
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_FALSE(exists(marker));
  EXPECT_NE(r.err.find("spec '" + spec + "' was modified"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("data race"), std::string::npos) << r.err;
}

// Memory contents from the contract (--memory) are values the proof used:
// the file is bound, the flag replayed, and a count in it that makes half a
// block skip a barrier refuses.
TEST_F(Gate, MemoryContentsTamperRefused) {
  std::string k = dir + "/counts.cu", words = dir + "/counts.words";
  writeFile(k, R"(
__global__ void tiles(const int *counts, float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = 1.f;
  if (counts[blockIdx.x] > 100 && threadIdx.x < 128) __syncthreads();
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}
)");
  writeFile(words, "3 1 2 4\n");
  RunResult c = runSyncproof({"check", "--certificate", cert, "--block", "256", "--grid", "4", "--memory",
                              "counts=" + words, k});
  ASSERT_EQ(c.exitCode, 0) << c.out << c.err;
  EXPECT_NE(readFile(cert).find("\"memory\""), std::string::npos);
  RunResult same = gate();
  EXPECT_EQ(same.exitCode, 0) << same.err;
  ASSERT_TRUE(exists(marker));
  llvm::sys::fs::remove(marker);
  writeFile(words, "3 1 200 4\n");
  RunResult r = gate();
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_FALSE(exists(marker));
  EXPECT_NE(r.err.find("memory '" + words + "' was modified"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("barrier divergence"), std::string::npos) << r.err;
}

// A grid barrier on a plain launch is proved only because the device table
// says the grid fits: the table is bound, and shrinking the device refuses.
TEST_F(Gate, DeviceTableTamperRefused) {
  std::string k = dir + "/gbarrier.cu", table = dir + "/devices.yaml";
  writeFile(k, readFile(sourceDir() + "/examples/protocols/gbarrier_sm_bounded_ok.cu"));
  writeFile(table, readFile(sourceDir() + "/specs/devices.yaml"));
  RunResult c = runSyncproof({"check", "--certificate", cert, "--block", "256", "--grid", "1:132", "--device", "h200",
                              "--blocks-per-sm", "1", "--device-table", table, k});
  ASSERT_EQ(c.exitCode, 0) << c.out << c.err;
  std::string t = readFile(table);
  size_t at = t.find("  h200:");
  ASSERT_NE(at, std::string::npos);
  size_t sms = t.find("sms: 132", at);
  ASSERT_NE(sms, std::string::npos);
  t.replace(sms, 8, "sms: 100");
  writeFile(table, t);
  RunResult r = gate();
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_FALSE(exists(marker)) << "the command must not run";
  EXPECT_NE(r.err.find("'" + table + "' was modified"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("co-resident"), std::string::npos) << r.err;
}

// A grid barrier proved because nvcc's resource usage (31 registers per
// thread) lets 264 blocks be resident on an H200: the file is bound, and a
// kernel that now needs 168 registers (1 block per SM) is refused.
TEST_F(Gate, ResourceUsageTamperRefused) {
  std::string k = dir + "/gbarrier.cu", ru = dir + "/ru.txt";
  writeFile(k, readFile(sourceDir() + "/examples/protocols/gbarrier_sm_bounded_ok.cu"));
  writeFile(ru, readFile(sourceDir() + "/tests/resource-usage/normalise.cuobjdump.txt"));
  RunResult c = runSyncproof({"check", "--certificate", cert, "--block", "256", "--grid", "1:264", "--device", "h200",
                              "--resource-usage", ru, k});
  ASSERT_EQ(c.exitCode, 0) << c.out << c.err;
  auto json = llvm::json::parse(readFile(cert));
  ASSERT_TRUE(bool(json));
  bool bound = false;
  for (const auto &in : *json->getAsObject()->getArray("inputs")) {
    const auto *o = in.getAsObject();
    bound |= o->getString("role") == "resource-usage" && o->getString("path") == ru;
  }
  EXPECT_TRUE(bound) << readFile(cert);
  // Unchanged: the proof stands without a re-check.
  RunResult ok = gate();
  EXPECT_EQ(ok.exitCode, 0) << ok.err;
  EXPECT_TRUE(exists(marker));
  llvm::sys::fs::remove(marker);
  replaceInFile(ru, "REG:31", "REG:168");
  RunResult r = gate();
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_FALSE(exists(marker)) << "the command must not run";
  EXPECT_NE(r.err.find("resource-usage '" + ru + "' was modified"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("co-resident"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("168 registers per thread"), std::string::npos) << r.err;
}

TEST_F(Gate, DeletedHeaderRefused) {
  certifyProved();
  llvm::sys::fs::remove(header);
  RunResult r = gate();
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_FALSE(exists(marker));
  EXPECT_NE(r.err.find("header '" + header + "' is missing"), std::string::npos) << r.err;
}

TEST_F(Gate, BenignChangeRecheckedAndAccepted) {
  certifyProved();
  writeFile(kernel, readFile(kernel) + "// a comment added after certification\n");
  RunResult r = gate();
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(exists(marker)) << r.err;
  EXPECT_NE(r.err.find("re-checking 1 of 1 file(s)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("re-check proved it again"), std::string::npos) << r.err;
  // Without re-checks the same change is refused.
  llvm::sys::fs::remove(marker);
  r = gate({"--no-recheck"});
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_FALSE(exists(marker));
}

TEST_F(Gate, SubsetFailingOnInputFallsBackToAll) {
  std::string other = dir + "/other.cu";
  writeFile(other, "__global__ void fill(int *p) { __shared__ int s[256]; s[threadIdx.y * 16 + threadIdx.x] = 1; }\n");
  RunResult r = runSyncproof({"check", "--certificate", cert, "--extra-arg=-I" + dir + "/include", "--block", "16,16",
                              "--grid", "1:64,1:64", "--param", "n=1024", kernel, other});
  ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  // other.cu has no parameter n: the subset fails on its input (--param n)
  // and the gate falls back to re-checking both files.
  writeFile(other, readFile(other) + "// comment\n");
  r = gate();
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("re-checking 1 of 2 file(s)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("re-checking 2 of 2 file(s)"), std::string::npos) << r.err;
  EXPECT_TRUE(exists(marker));
  // A race in the file that was not re-checked alone is still found.
  llvm::sys::fs::remove(marker);
  replaceInFile(kernel, "TILE_SYNC();", "");
  r = gate();
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_FALSE(exists(marker));
}

TEST_F(Gate, OnlyTheAffectedFileIsRechecked) {
  std::string other = dir + "/other.cu";
  writeFile(other, "__global__ void fill(int *p, int n) { __shared__ int s[256]; s[threadIdx.y * 16 + threadIdx.x] = n; }\n");
  RunResult r = runSyncproof({"check", "--certificate", cert, "--extra-arg=-I" + dir + "/include", "--block", "16,16",
                              "--grid", "1:64,1:64", "--param", "n=1024", kernel, other});
  ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  writeFile(other, readFile(other) + "// comment\n");
  r = gate();
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("re-checking 1 of 2 file(s)"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("re-checking 2 of 2 file(s)"), std::string::npos) << r.err;
  EXPECT_TRUE(exists(marker));
}

TEST_F(Gate, VersionChangeRechecksEverything) {
  certifyProved();
  std::string c = readFile(cert);
  size_t at = c.find("\"z3\": \"");
  ASSERT_NE(at, std::string::npos);
  c.insert(at + 7, "0.");  // "z3": "0.4.x.y"
  writeFile(cert, c);
  RunResult r = gate();
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.err.find("Z3 version changed from 0."), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("re-check proved it again"), std::string::npos) << r.err;
  EXPECT_TRUE(exists(marker));
  llvm::sys::fs::remove(marker);
  r = gate({"--no-recheck"});
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_FALSE(exists(marker));
}

TEST_F(Gate, UnwritableCertificateIsInputError) {
  RunResult r = runSyncproof({"check", "--certificate", dir + "/no/such/dir/cert.json", "--spec", spec,
                              "--extra-arg=-I" + dir + "/include", kernel});
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_EQ(lineCount(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("cannot write certificate"), std::string::npos) << r.err;
}

TEST_F(Gate, UnprovedCertificateRefused) {
  replaceInFile(kernel, "TILE_SYNC();", "");
  RunResult c = certify();
  ASSERT_EQ(c.exitCode, 1) << c.out << c.err;
  ASSERT_TRUE(exists(cert)) << "a certificate is written whatever the verdict";
  EXPECT_NE(readFile(cert).find("\"verdict\": \"violations\""), std::string::npos);
  RunResult r = gate();
  EXPECT_EQ(r.exitCode, 1) << r.err;
  EXPECT_FALSE(exists(marker));
  EXPECT_NE(r.err.find("verdict 'violations'"), std::string::npos) << r.err;
}

TEST_F(Gate, MalformedCertificateExit2) {
  certifyProved();
  std::string good = readFile(cert);
  std::string noInputs = good;
  size_t at = noInputs.find("\"inputs\"");
  ASSERT_NE(at, std::string::npos);
  noInputs.replace(at, 8, "\"inputz\"");
  std::string badHash = good;
  at = badHash.find("\"sha256\": \"");
  ASSERT_NE(at, std::string::npos);
  badHash.replace(at + 11, 4, "zzzz");
  for (const std::string &text : {std::string("{ not json"), std::string("[]"), std::string("{}"),
                                  std::string("{\"format\": \"something-else\", \"formatVersion\": 1}"), noInputs,
                                  badHash,
                                  // nested deeper than the JSON parser's recursion should go
                                  std::string(100000, '[') + std::string(100000, ']')}) {
    writeFile(cert, text);
    RunResult r = gate();
    EXPECT_EQ(r.exitCode, 2) << text.substr(0, 80) << "\n" << r.err;
    EXPECT_EQ(lineCount(r.err), 1) << r.err;
    EXPECT_NE(r.err.find("malformed certificate"), std::string::npos) << r.err;
    EXPECT_FALSE(exists(marker));
  }
  llvm::sys::fs::remove(cert);
  RunResult r = gate();
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_EQ(lineCount(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("cannot read certificate"), std::string::npos) << r.err;
  EXPECT_FALSE(exists(marker));
}

}  // namespace
