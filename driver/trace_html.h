// Counterexample pictures: `syncproof check --trace-html FILE` renders every
// finding of a Report as a self-contained HTML page with an inline SVG
// swimlane timeline per counterexample (docs/trace-html.md). No JavaScript,
// no external CSS, fonts or images. Rendered from model::Finding only.
#pragma once

#include "driver/output.h"
#include "model/finding.h"

#include <functional>
#include <string>
#include <vector>

namespace syncproof::driver {

// A shaded band behind a span of trace steps in one lane (or all lanes):
// the hook for mbarrier phases, page owners and similar intervals. Nothing
// produces bands yet; a producer fills them from the Finding (e.g. from new
// trace fields) and the renderer draws them under the events.
struct TraceBand {
  int lane = -1;           // index into Finding::threads; -1 = across every lane
  size_t fromStep = 0;     // first trace step covered (index into Finding::trace)
  size_t toStep = 0;       // last trace step covered (inclusive)
  std::string label;       // "phase 0", "page 3 owned by consumer"
  std::string color = "#fff3c4";
};
using TraceBandProvider = std::function<std::vector<TraceBand>(const model::Finding &)>;

struct TraceHtmlOptions {
  // Reads the text of a source file for showing lines (default: the file
  // system, paths as they appear in SourceLoc::file).
  std::function<bool(const std::string &path, std::string &text)> readSource;
  TraceBandProvider bands;  // default: none
};

// The whole page.
std::string renderTraceHtml(const Report &report, const TraceHtmlOptions &opts = {});

// Writes renderTraceHtml(report) to `path`; false with a one-line `error`.
bool writeTraceHtml(const std::string &path, const Report &report, std::string &error);

}  // namespace syncproof::driver
