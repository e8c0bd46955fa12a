#include "driver/trace_html.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <sstream>

namespace syncproof::driver {

namespace {

// Colours are part of the interface (docs/trace-html.md; the rendering test
// looks for the highlight fill in the screenshot).
constexpr const char *kEventFill = "#dbe9ff", *kEventStroke = "#1f77b4";
constexpr const char *kHighFill = "#ffd6d6", *kHighStroke = "#d62728";
constexpr const char *kLaneEven = "#f1f4f8", *kLaneOdd = "#ffffff";
constexpr int kLabelW = 250, kColW = 250, kLaneH = 92, kHeadH = 30;

std::string esc(const std::string &s) {
  std::string o;
  o.reserve(s.size());
  for (char c : s) {
    switch (c) {
    case '&': o += "&amp;"; break;
    case '<': o += "&lt;"; break;
    case '>': o += "&gt;"; break;
    case '"': o += "&quot;"; break;
    case '\'': o += "&#39;"; break;
    default: o += c;
    }
  }
  return o;
}

std::string clip(const std::string &s, size_t n) {
  if (s.size() <= n) return s;
  return s.substr(0, n - 1) + "\xE2\x80\xA6";  // …
}

std::string trim(const std::string &s) {
  size_t a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return "";
  size_t b = s.find_last_not_of(" \t\r");
  return s.substr(a, b - a + 1);
}

std::string dims(const unsigned v[3]) {
  return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) + ")";
}

std::string locText(const model::SourceLoc &l) {
  if (!l.valid()) return l.file.empty() ? "?" : l.file;
  return l.file + ":" + std::to_string(l.line) + ":" + std::to_string(l.column);
}

// The action without its leading "<lane label> (<coordinates>) ", which the
// lane already shows: "thread A (threadIdx (5,7,0)) writes 'x'" -> "writes 'x'".
std::string withoutLane(const std::string &action, const std::string &label) {
  if (label.empty() || action.rfind(label + " (", 0) != 0) return action;
  size_t i = label.size() + 1;
  int depth = 0;
  for (; i < action.size(); ++i) {
    if (action[i] == '(') ++depth;
    else if (action[i] == ')' && --depth == 0) break;
  }
  if (i >= action.size()) return action;
  std::string rest = trim(action.substr(i + 1));
  if (rest.rfind(", ", 0) == 0) rest = rest.substr(2);
  return rest.empty() ? action : rest;
}

bool sameLoc(const model::SourceLoc &a, const model::SourceLoc &b) {
  return a.valid() && a.file == b.file && a.line == b.line && a.column == b.column;
}

class Sources {
public:
  explicit Sources(const TraceHtmlOptions &o) : opts(o) {}
  // The text of line `loc.line` of its file, trimmed; empty if unavailable.
  std::string line(const model::SourceLoc &loc) {
    if (!loc.valid()) return "";
    auto it = cache.find(loc.file);
    if (it == cache.end()) {
      std::string text;
      bool ok = false;
      if (opts.readSource) ok = opts.readSource(loc.file, text);
      else if (auto buf = llvm::MemoryBuffer::getFile(loc.file, /*IsText=*/true)) {
        text = (*buf)->getBuffer().str();
        ok = true;
      }
      std::vector<std::string> lines;
      if (ok) {
        std::istringstream is(text);
        for (std::string l; std::getline(is, l);) lines.push_back(l);
      }
      it = cache.emplace(loc.file, std::move(lines)).first;
    }
    if (loc.line == 0 || loc.line > it->second.size()) return "";
    return trim(it->second[loc.line - 1]);
  }

private:
  const TraceHtmlOptions &opts;
  std::map<std::string, std::vector<std::string>> cache;
};

const char *kStyle = R"(
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; margin: 20px; color: #1b1f24; background: #ffffff; }
h1 { font-size: 20px; margin: 0 0 12px 0; }
h2 { font-size: 16px; margin: 24px 0 6px 0; }
.finding { border: 1px solid #d0d7de; border-radius: 6px; padding: 12px 14px; margin: 14px 0; }
.finding h3 { font-size: 14px; margin: 0 0 6px 0; }
.kind { display: inline-block; padding: 1px 7px; border-radius: 9px; font-size: 12px; color: #ffffff; background: #d62728; margin-right: 6px; }
.kind.unknown { background: #8c6d1f; }
.verdict { font-weight: bold; }
.verdict.proved { color: #1a7f37; } .verdict.violations { color: #d62728; } .verdict.unknown { color: #8c6d1f; }
.loc { font-family: "DejaVu Sans Mono", monospace; font-size: 12px; color: #57606a; }
code, .src { font-family: "DejaVu Sans Mono", monospace; font-size: 12px; }
table { border-collapse: collapse; margin: 8px 0; font-size: 12px; }
td, th { border: 1px solid #d0d7de; padding: 3px 7px; text-align: left; vertical-align: top; }
tr.hl td { background: #ffd6d6; }
.legend { display: flex; gap: 18px; flex-wrap: wrap; font-size: 12px; margin: 6px 0 10px 0; }
.legend span.sw { display: inline-block; width: 22px; height: 12px; vertical-align: middle; margin-right: 5px; border: 2px solid; border-radius: 3px; }
.timeline { overflow-x: auto; }
.none { color: #57606a; }
)";

}  // namespace

std::string renderTraceHtml(const Report &report, const TraceHtmlOptions &opts) {
  Sources sources(opts);
  std::ostringstream o;
  o << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    << "<title>syncproof counterexamples</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n";
  o << "<h1>syncproof counterexamples</h1>\n";
  o << "<p class=\"loc\">syncproof " << esc(report.toolVersion) << ", Z3 " << esc(report.solverVersion);
  for (const auto &f : report.files) o << " &middot; " << esc(f);
  o << "</p>\n";

  // One legend for the page.
  o << "<div class=\"legend\" id=\"legend\">"
    << "<span><span class=\"sw\" style=\"background:" << kLaneEven << ";border-color:#c0c6cc\"></span>lane: one thread, "
       "warp or block of the counterexample</span>"
    << "<span><span class=\"sw\" style=\"background:" << kEventFill << ";border-color:" << kEventStroke
    << "\"></span>event (in execution order, left to right)</span>"
    << "<span><span class=\"sw\" style=\"background:" << kHighFill << ";border-color:" << kHighStroke
    << "\"></span>the conflicting pair / the events of the wait cycle</span>"
    << "<span><span class=\"sw\" style=\"background:#ffffff;border-color:" << kHighStroke
    << ";border-style:dashed\"></span>conflict or wait edge</span>"
    << "<span><span class=\"sw\" style=\"background:#fff3c4;border-color:#e0c060\"></span>band: phase or owner "
       "interval</span></div>\n";

  size_t shown = 0;
  for (const auto &kr : report.kernels) {
    o << "<h2>kernel <code>" << esc(kr.kernel) << "</code> <span class=\"loc\">" << esc(locText(kr.loc))
      << "</span> &mdash; <span class=\"verdict " << model::verdictName(kr.verdict) << "\">"
      << model::verdictName(kr.verdict) << "</span></h2>\n";
    if (kr.findings.empty()) {
      o << "<p class=\"none\">No findings: every property was proved.</p>\n";
      continue;
    }
    for (const auto &f : kr.findings) {
      ++shown;
      bool unknown = f.kind == model::FindingKind::Unknown;
      o << "<div class=\"finding\" data-kind=\"" << model::findingKindName(f.kind) << "\">\n<h3><span class=\"kind"
        << (unknown ? " unknown" : "") << "\">" << model::findingKindName(f.kind) << "</span>" << esc(f.message)
        << "</h3>\n<div class=\"loc\">" << esc(locText(f.loc)) << ": <span class=\"src\">" << esc(sources.line(f.loc))
        << "</span></div>\n";
      for (const auto &r : f.related)
        o << "<div class=\"loc\">note: " << esc(locText(r.loc)) << ": " << esc(r.message) << "</div>\n";
      if (!f.values.empty()) {
        o << "<table class=\"values\"><tr><th>counterexample</th><th>value</th></tr>";
        for (const auto &[k, v] : f.values) o << "<tr><td>" << esc(k) << "</td><td>" << esc(v) << "</td></tr>";
        o << "</table>\n";
      }
      if (f.trace.empty()) {
        o << "<p class=\"none\">No trace for this finding.</p>\n</div>\n";
        continue;
      }

      // Lanes: the finding's threads, plus one for steps of all threads.
      std::vector<std::string> laneTitle, laneSub1, laneSub2;
      bool differentBlocks = false;
      for (const auto &t : f.threads)
        for (const auto &u : f.threads)
          differentBlocks |= t.bid[0] != u.bid[0] || t.bid[1] != u.bid[1] || t.bid[2] != u.bid[2];
      for (const auto &t : f.threads) {
        laneTitle.push_back(t.label);
        laneSub1.push_back("threadIdx " + dims(t.tid));
        laneSub2.push_back("blockIdx " + dims(t.bid) + (t.role.empty() ? "" : ", " + t.role));
      }
      int allLane = -1;
      for (const auto &s : f.trace)
        if (s.thread < 0 || size_t(s.thread) >= f.threads.size()) allLane = int(laneTitle.size());
      if (allLane >= 0) {
        laneTitle.push_back("all threads");
        laneSub1.push_back("");
        laneSub2.push_back("");
      }
      auto laneOf = [&](const model::TraceStep &s) {
        return s.thread < 0 || size_t(s.thread) >= f.threads.size() ? allLane : s.thread;
      };
      // The highlighted events: those at the finding's location or at a
      // related location (the conflicting pair of a race, the barrier of a
      // divergence, the waits of a deadlock).
      std::vector<bool> hl(f.trace.size(), false);
      for (size_t i = 0; i < f.trace.size(); ++i) {
        hl[i] = sameLoc(f.trace[i].loc, f.loc);
        for (const auto &r : f.related) hl[i] = hl[i] || sameLoc(f.trace[i].loc, r.loc);
      }
      std::vector<size_t> hls;
      for (size_t i = 0; i < hl.size(); ++i)
        if (hl[i]) hls.push_back(i);
      bool cycle = f.kind == model::FindingKind::Deadlock && hls.size() >= 2;

      size_t lanes = laneTitle.size(), steps = f.trace.size();
      int width = kLabelW + int(steps) * kColW + 20, height = kHeadH + int(lanes) * kLaneH + 10;
      o << "<div class=\"timeline\"><svg xmlns=\"http://www.w3.org/2000/svg\" class=\"swimlanes\" width=\"" << width
        << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << " " << height
        << "\" font-family=\"DejaVu Sans, sans-serif\">\n";
      o << "<defs><marker id=\"arrow" << shown
        << "\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">"
        << "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"" << kHighStroke << "\"/></marker></defs>\n";
      for (size_t i = 0; i < steps; ++i)
        o << "<text x=\"" << kLabelW + int(i) * kColW + kColW / 2 << "\" y=\"20\" font-size=\"12\" "
          << "text-anchor=\"middle\" fill=\"#57606a\">step " << i + 1 << "</text>\n";
      for (size_t l = 0; l < lanes; ++l) {
        int y = kHeadH + int(l) * kLaneH;
        o << "<g class=\"lane\" data-lane=\"" << l << "\"><rect x=\"0\" y=\"" << y << "\" width=\"" << width
          << "\" height=\"" << kLaneH << "\" fill=\"" << (l % 2 ? kLaneOdd : kLaneEven) << "\"/>"
          << "<line x1=\"" << kLabelW << "\" y1=\"" << y + kLaneH / 2 << "\" x2=\"" << width - 10 << "\" y2=\""
          << y + kLaneH / 2 << "\" stroke=\"#c0c6cc\" stroke-width=\"2\"/>"
          << "<text x=\"10\" y=\"" << y + 28 << "\" font-size=\"14\" font-weight=\"bold\">" << esc(laneTitle[l])
          << "</text><text x=\"10\" y=\"" << y + 48 << "\" font-size=\"12\">" << esc(laneSub1[l]) << "</text>";
        if (differentBlocks || !laneSub2[l].empty())
          o << "<text x=\"10\" y=\"" << y + 66 << "\" font-size=\"12\">" << esc(laneSub2[l]) << "</text>";
        o << "</g>\n";
      }
      // Bands (the hook for phases and owners), under the events.
      if (opts.bands)
        for (const TraceBand &b : opts.bands(f)) {
          if (b.fromStep >= steps || b.toStep < b.fromStep) continue;
          size_t to = std::min(b.toStep, steps - 1);
          int x = kLabelW + int(b.fromStep) * kColW + 2, w = int(to - b.fromStep + 1) * kColW - 4;
          int y = b.lane < 0 ? kHeadH : kHeadH + b.lane * kLaneH + 2;
          int h = b.lane < 0 ? int(lanes) * kLaneH : kLaneH - 4;
          o << "<g class=\"band\"><rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << w << "\" height=\"" << h
            << "\" fill=\"" << esc(b.color) << "\" opacity=\"0.7\"/><text x=\"" << x + 4 << "\" y=\"" << y + 12
            << "\" font-size=\"10\" fill=\"#6b5a1e\">" << esc(b.label) << "</text></g>\n";
        }
      // Events.
      auto center = [&](size_t i) {
        int l = laneOf(f.trace[i]);
        return std::pair<int, int>(kLabelW + int(i) * kColW + kColW / 2, kHeadH + l * kLaneH + kLaneH / 2);
      };
      for (size_t i = 0; i < steps; ++i) {
        const model::TraceStep &s = f.trace[i];
        int l = laneOf(s);
        int x = kLabelW + int(i) * kColW + 10, y = kHeadH + l * kLaneH + 8, w = kColW - 20, h = kLaneH - 16;
        std::string src = sources.line(s.loc);
        o << "<g class=\"event" << (hl[i] ? " hl" : "") << "\" data-step=\"" << i + 1 << "\" data-lane=\"" << l
          << "\" data-line=\"" << s.loc.line << "\"><title>" << esc(locText(s.loc) + ": " + src + "\n" + s.action)
          << "</title><rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << w << "\" height=\"" << h
          << "\" rx=\"6\" fill=\"" << (hl[i] ? kHighFill : kEventFill) << "\" stroke=\""
          << (hl[i] ? kHighStroke : kEventStroke) << "\" stroke-width=\"" << (hl[i] ? 3 : 2) << "\"/>"
          << "<text x=\"" << x + 8 << "\" y=\"" << y + 18 << "\" font-size=\"12\" font-weight=\"bold\">" << i + 1
          << ". line " << s.loc.line << "</text>"
          << "<text x=\"" << x + 8 << "\" y=\"" << y + 38 << "\" font-size=\"11\" font-family=\"DejaVu Sans Mono, "
          << "monospace\">" << esc(clip(src, 32)) << "</text>"
          << "<text x=\"" << x + 8 << "\" y=\"" << y + 58 << "\" font-size=\"11\" fill=\"#404850\">"
          << esc(clip(withoutLane(s.action, laneTitle[l]), 36)) << "</text></g>\n";
      }
      // Conflict edges between consecutive highlighted events; a wait cycle
      // closes back to the first.
      for (size_t k = 0; k + 1 < hls.size() + (cycle ? 1 : 0); ++k) {
        size_t a = hls[k], b = hls[(k + 1) % hls.size()];
        auto [x1, y1] = center(a);
        auto [x2, y2] = center(b);
        if (laneOf(f.trace[a]) == laneOf(f.trace[b]) && a != b) {
          y1 -= kLaneH / 2 - 6;
          y2 -= kLaneH / 2 - 6;
        } else {
          y1 += y2 > y1 ? kLaneH / 2 - 8 : -(kLaneH / 2 - 8);
          y2 += y1 > y2 ? kLaneH / 2 - 8 : -(kLaneH / 2 - 8);
        }
        o << "<path class=\"edge " << (cycle ? "wait" : "conflict") << "\" d=\"M" << x1 << "," << y1 << " L" << x2
          << "," << y2 << "\" stroke=\"" << kHighStroke << "\" stroke-width=\"2.5\" stroke-dasharray=\"6,4\" "
          << "fill=\"none\" marker-end=\"url(#arrow" << shown << ")\"/>\n";
      }
      o << "</svg></div>\n";
      // The same events as a table, with full source lines and actions.
      o << "<table class=\"events\"><tr><th>step</th><th>lane</th><th>location</th><th>source</th><th>event</th></tr>";
      for (size_t i = 0; i < steps; ++i) {
        const model::TraceStep &s = f.trace[i];
        o << "<tr" << (hl[i] ? " class=\"hl\"" : "") << "><td>" << i + 1 << "</td><td>" << esc(laneTitle[laneOf(s)])
          << "</td><td class=\"loc\">" << esc(locText(s.loc)) << "</td><td class=\"src\">" << esc(sources.line(s.loc))
          << "</td><td>" << esc(s.action) << "</td></tr>";
      }
      o << "</table>\n</div>\n";
    }
  }
  if (report.kernels.empty()) o << "<p class=\"none\">No kernels were checked.</p>\n";
  o << "</body>\n</html>\n";
  return o.str();
}

bool writeTraceHtml(const std::string &path, const Report &report, std::string &error) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec) {
    error = "cannot write '" + path + "': " + ec.message();
    return false;
  }
  os << renderTraceHtml(report);
  os.close();
  if (os.has_error()) {
    error = "cannot write '" + path + "': " + os.error().message();
    os.clear_error();
    return false;
  }
  return true;
}

}  // namespace syncproof::driver
