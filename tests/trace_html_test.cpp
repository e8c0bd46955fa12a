// Counterexample pictures (--trace-html): the structure of the page for an
// intra-block and an inter-block race (lanes, events with their source lines,
// the highlighted conflicting pair, the legend, nothing external), and that
// headless Chromium renders it to a screenshot that is not blank and shows
// the highlighted events.
#include "support.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <gtest/gtest.h>

#include <set>

using namespace syncproof::test;

namespace {

size_t count(const std::string &hay, const std::string &needle) {
  size_t n = 0;
  for (size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1)) ++n;
  return n;
}

std::string trim(std::string s) {
  size_t a = s.find_first_not_of(" \t");
  size_t b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// The 1-based line of `file` containing `text`, and that line trimmed.
std::pair<unsigned, std::string> lineWith(const std::string &file, const std::string &text) {
  std::string src = readFile(file);
  unsigned line = 1;
  size_t start = 0;
  while (start <= src.size()) {
    size_t end = src.find('\n', start);
    std::string l = src.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (l.find(text) != std::string::npos) return {line, trim(l)};
    if (end == std::string::npos) break;
    start = end + 1;
    ++line;
  }
  return {0, ""};
}

std::string htmlEscape(const std::string &s) {
  std::string o;
  for (char c : s) {
    if (c == '&') o += "&amp;";
    else if (c == '<') o += "&lt;";
    else if (c == '>') o += "&gt;";
    else if (c == '"') o += "&quot;";
    else if (c == '\'') o += "&#39;";
    else o += c;
  }
  return o;
}

struct Example {
  std::string file;
  std::vector<std::string> args;
};

const Example kIntra = {"examples/intra-block/transpose_missing_sync.cu",
                        {"--block", "16,16", "--grid", "1:64,1:64", "--param", "n=1024"}};
const Example kInter = {"examples/inter-block/block_sum_same_slot.cu", {"--block", "256", "--grid", "1:65535"}};

// Runs `syncproof check --trace-html` on an example; returns the page.
std::string traceHtml(const Example &e, const std::string &out, int expectExit = 1) {
  std::vector<std::string> args = {"check", "--trace-html", out};
  args.insert(args.end(), e.args.begin(), e.args.end());
  args.push_back(sourceDir() + "/" + e.file);
  RunResult r = runSyncproof(args);
  EXPECT_EQ(r.exitCode, expectExit) << r.out << r.err;
  return readFile(out);
}

std::string tempPath(const std::string &suffix) {
  llvm::SmallString<128> p;
  llvm::sys::fs::createTemporaryFile("syncproof-trace", suffix, p);
  return std::string(p);
}

void expectSelfContained(const std::string &html) {
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_EQ(html.find("@import"), std::string::npos);
  EXPECT_EQ(html.find("url(http"), std::string::npos);
  EXPECT_EQ(html.find("src="), std::string::npos);
  EXPECT_EQ(html.find("href="), std::string::npos);
}

TEST(TraceHtml, IntraBlockRaceTimeline) {
  std::string out = tempPath("html");
  std::string html = traceHtml(kIntra, out);
  ASSERT_FALSE(html.empty());
  expectSelfContained(html);
  EXPECT_EQ(count(html, "<svg"), 1u);
  EXPECT_EQ(count(html, "<g class=\"lane\""), 2u) << "one lane per thread of the counterexample";
  EXPECT_EQ(count(html, "<g class=\"event"), 2u);
  EXPECT_EQ(count(html, "<g class=\"event hl\""), 2u) << "the conflicting pair is highlighted";
  EXPECT_EQ(count(html, "class=\"edge conflict\""), 1u);
  EXPECT_NE(html.find("id=\"legend\""), std::string::npos);
  // Events carry their source lines, read from the file.
  std::string file = sourceDir() + "/" + kIntra.file;
  auto [wline, wtext] = lineWith(file, "tile[ty][tx] = in[y * n + x];");
  auto [rline, rtext] = lineWith(file, "out[y * n + x] = tile[tx][ty];");
  ASSERT_NE(wline, 0u);
  ASSERT_NE(rline, 0u);
  EXPECT_NE(html.find("data-step=\"1\" data-lane=\"0\" data-line=\"" + std::to_string(wline) + "\""), std::string::npos);
  EXPECT_NE(html.find("data-step=\"2\" data-lane=\"1\" data-line=\"" + std::to_string(rline) + "\""), std::string::npos);
  EXPECT_NE(html.find("<td class=\"src\">" + htmlEscape(wtext) + "</td>"), std::string::npos) << html;
  EXPECT_NE(html.find("<td class=\"src\">" + htmlEscape(rtext) + "</td>"), std::string::npos);
  EXPECT_NE(html.find("thread A"), std::string::npos);
  EXPECT_NE(html.find("thread B"), std::string::npos);
  EXPECT_NE(html.find("data race on &#39;tile&#39;"), std::string::npos);
  llvm::sys::fs::remove(out);
}

TEST(TraceHtml, InterBlockRaceTimeline) {
  std::string out = tempPath("html");
  std::string html = traceHtml(kInter, out);
  ASSERT_FALSE(html.empty());
  expectSelfContained(html);
  EXPECT_EQ(count(html, "<g class=\"lane\""), 2u);
  EXPECT_EQ(count(html, "<g class=\"event hl\""), 2u);
  EXPECT_EQ(count(html, "class=\"edge conflict\""), 1u);
  EXPECT_NE(html.find("between blocks"), std::string::npos);
  // The two lanes are threads of different blocks.
  std::set<std::string> blocks;
  for (size_t at = html.find(">blockIdx ("); at != std::string::npos; at = html.find(">blockIdx (", at + 1))
    blocks.insert(html.substr(at, html.find('<', at) - at));
  EXPECT_EQ(blocks.size(), 2u);
  auto [line, text] = lineWith(sourceDir() + "/" + kInter.file, "partial[0] = s[0];");
  ASSERT_NE(line, 0u);
  EXPECT_EQ(count(html, "data-line=\"" + std::to_string(line) + "\""), 2u);
  EXPECT_NE(html.find(htmlEscape(text)), std::string::npos);
  llvm::sys::fs::remove(out);
}

TEST(TraceHtml, ProvedKernelHasNoTimeline) {
  std::string out = tempPath("html");
  std::string html = traceHtml({"examples/intra-block/transpose_ok.cu", kIntra.args}, out, 0);
  EXPECT_NE(html.find("No findings"), std::string::npos);
  EXPECT_EQ(html.find("<svg"), std::string::npos);
  llvm::sys::fs::remove(out);
}

// ------------------------------------------------------------ PNG

struct Image {
  unsigned width = 0, height = 0;
  std::vector<uint8_t> rgb;  // 3 bytes a pixel
};

uint32_t be32(const uint8_t *p) { return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3]; }

// A PNG decoder for what Chromium writes: 8-bit greyscale/RGB/RGBA, not
// interlaced (zlib through LLVM).
bool decodePng(const std::string &data, Image &img, std::string &error) {
  static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (data.size() < 8 || memcmp(data.data(), sig, 8) != 0) { error = "not a PNG"; return false; }
  const uint8_t *p = reinterpret_cast<const uint8_t *>(data.data());
  size_t at = 8;
  unsigned depth = 0, colour = 0, interlace = 0;
  std::vector<uint8_t> idat;
  while (at + 12 <= data.size()) {
    uint32_t len = be32(p + at);
    std::string type(data.data() + at + 4, 4);
    if (at + 12 + len > data.size()) { error = "truncated chunk"; return false; }
    const uint8_t *d = p + at + 8;
    if (type == "IHDR") {
      img.width = be32(d);
      img.height = be32(d + 4);
      depth = d[8];
      colour = d[9];
      interlace = d[12];
    } else if (type == "IDAT") {
      idat.insert(idat.end(), d, d + len);
    } else if (type == "IEND") {
      break;
    }
    at += 12 + len;
  }
  unsigned channels = colour == 0 ? 1 : colour == 2 ? 3 : colour == 4 ? 2 : colour == 6 ? 4 : 0;
  if (depth != 8 || channels == 0 || interlace != 0 || !img.width || !img.height) {
    error = "unsupported PNG (depth " + std::to_string(depth) + ", colour type " + std::to_string(colour) + ")";
    return false;
  }
  size_t stride = size_t(img.width) * channels;
  llvm::SmallVector<uint8_t, 0> raw;
  if (llvm::Error e = llvm::compression::zlib::decompress(idat, raw, img.height * (stride + 1))) {
    error = llvm::toString(std::move(e));
    return false;
  }
  if (raw.size() != img.height * (stride + 1)) { error = "wrong image data size"; return false; }
  std::vector<uint8_t> prev(stride, 0), cur(stride);
  img.rgb.resize(size_t(img.width) * img.height * 3);
  for (unsigned y = 0; y < img.height; ++y) {
    const uint8_t *row = raw.data() + y * (stride + 1);
    uint8_t filter = row[0];
    for (size_t i = 0; i < stride; ++i) {
      int a = i >= channels ? cur[i - channels] : 0, b = prev[i], c = i >= channels ? prev[i - channels] : 0;
      int x = row[1 + i], v;
      switch (filter) {
      case 0: v = x; break;
      case 1: v = x + a; break;
      case 2: v = x + b; break;
      case 3: v = x + (a + b) / 2; break;
      case 4: {
        int pp = a + b - c, pa = abs(pp - a), pb = abs(pp - b), pc = abs(pp - c);
        v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
        break;
      }
      default: error = "bad filter type"; return false;
      }
      cur[i] = uint8_t(v);
    }
    for (unsigned x = 0; x < img.width; ++x) {
      uint8_t *o = &img.rgb[(size_t(y) * img.width + x) * 3];
      const uint8_t *s = &cur[size_t(x) * channels];
      if (channels <= 2) o[0] = o[1] = o[2] = s[0];
      else { o[0] = s[0]; o[1] = s[1]; o[2] = s[2]; }
    }
    std::swap(prev, cur);
  }
  return true;
}

std::string findChromium() {
  for (const char *name : {"chromium", "chromium-browser", "google-chrome"})
    if (auto p = llvm::sys::findProgramByName(name)) return *p;
  return "";
}

// Renders `html` with headless Chromium into a PNG of the given size.
bool screenshot(const std::string &html, const std::string &png, unsigned w, unsigned h, std::string &log) {
  std::string chromium = findChromium();
  if (chromium.empty()) {
    log = "chromium not found (scripts/install-deps.sh installs it)";
    return false;
  }
  auto timeout = llvm::sys::findProgramByName("timeout");
  if (!timeout) {
    log = "coreutils 'timeout' not found";
    return false;
  }
  llvm::SmallString<128> profile;
  llvm::sys::fs::createUniqueDirectory("syncproof-chromium", profile);
  std::string logPath = tempPath("log");
  // timeout(1) kills the browser's whole process group if it hangs.
  std::vector<std::string> args = {*timeout, "--kill-after=10", "90", chromium, "--headless", "--no-sandbox",
                                   "--disable-gpu", "--no-first-run", "--disable-background-networking",
                                   "--disable-dev-shm-usage", "--hide-scrollbars", "--user-data-dir=" + std::string(profile),
                                   "--screenshot=" + png, "--window-size=" + std::to_string(w) + "," + std::to_string(h),
                                   "file://" + html};
  std::vector<llvm::StringRef> argv(args.begin(), args.end());
  std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(""), llvm::StringRef(logPath), llvm::StringRef(logPath)};
  std::string err;
  int rc = llvm::sys::ExecuteAndWait(*timeout, argv, std::nullopt, redirects, /*SecondsToWait=*/120, 0, &err);
  log = readFile(logPath) + err;
  llvm::sys::fs::remove(logPath);
  llvm::sys::fs::remove_directories(profile);
  if (rc != 0) log = "chromium exited with " + std::to_string(rc) + (rc == 124 ? " (timed out)" : "") + "\n" + log;
  return rc == 0 && llvm::sys::fs::exists(png);
}

void expectRendered(const Example &e) {
  std::string html = tempPath("html");
  traceHtml(e, html);
  std::string png = tempPath("png");
  llvm::sys::fs::remove(png);
  const unsigned W = 1200, H = 900;
  std::string log;
  ASSERT_TRUE(screenshot(html, png, W, H, log)) << log;
  Image img;
  std::string error;
  ASSERT_TRUE(decodePng(readFile(png), img, error)) << error;
  EXPECT_EQ(img.width, W);
  EXPECT_EQ(img.height, H);
  // Not blank: many colours, a fair share of non-white pixels, and the
  // solid fills of the highlighted events (#ffd6d6) and of the lanes
  // (#f1f4f8) are on screen.
  std::set<uint32_t> colours;
  size_t nonWhite = 0, highlight = 0, lane = 0;
  for (size_t i = 0; i + 2 < img.rgb.size(); i += 3) {
    uint8_t r = img.rgb[i], g = img.rgb[i + 1], b = img.rgb[i + 2];
    colours.insert(uint32_t(r) << 16 | uint32_t(g) << 8 | b);
    nonWhite += !(r == 255 && g == 255 && b == 255);
    highlight += r == 0xff && g == 0xd6 && b == 0xd6;
    lane += r == 0xf1 && g == 0xf4 && b == 0xf8;
  }
  size_t total = size_t(W) * H;
  EXPECT_GT(colours.size(), 20u);
  EXPECT_GT(nonWhite, total / 50) << "the page rendered almost blank";
  EXPECT_GT(highlight, 5000u) << "the highlighted pair is not visible";
  EXPECT_GT(lane, 5000u) << "the lanes are not visible";
  llvm::sys::fs::remove(html);
  llvm::sys::fs::remove(png);
}

TEST(TraceHtml, IntraBlockRendersInHeadlessChromium) { expectRendered(kIntra); }
TEST(TraceHtml, InterBlockRendersInHeadlessChromium) { expectRendered(kInter); }

TEST(TraceHtml, PngDecoderRejectsGarbage) {
  Image img;
  std::string error;
  EXPECT_FALSE(decodePng("not a png at all", img, error));
}

}  // namespace
