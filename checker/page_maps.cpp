// Page maps (pipelines.md "Pages"): a logical->physical map read from a
// __constant__ table must be a permutation of the pages, row by row; two
// logical pages on one physical page share its data and its mbarriers, so
// every phase count on those arrays is meaningless. Plain arithmetic on the
// table's initializer: no solver.
#include "checker/engine.h"

namespace syncproof::checker::detail {

std::vector<model::Finding> pageMapFindings(const model::Kernel &k) {
  std::vector<model::Finding> out;
  for (const model::PageMap &pm : k.pageMaps) {
    const model::Region &table = k.regions[pm.table];
    const std::vector<uint8_t> &bytes = *table.constData;
    uint64_t rowBytes = pm.rowLength * pm.elementBytes;
    if (rowBytes == 0 || bytes.size() % rowBytes != 0) continue;
    std::string arrays;
    for (int r : pm.pageRegions) arrays += (arrays.empty() ? "'" : ", '") + k.regions[r].name + "'";
    for (uint64_t row = 0; row * rowBytes < bytes.size(); ++row) {
      std::map<int64_t, std::vector<uint64_t>> logicalOf;  // physical page -> logical pages
      for (uint64_t i = 0; i < pm.rowLength; ++i) {
        std::optional<uint64_t> raw =
            model::Expr::tableValue(bytes, row * rowBytes + i * pm.elementBytes, pm.elementBytes * 8);
        if (!raw) break;
        int64_t v = (int64_t)*raw;
        if (pm.elementSigned && pm.elementBytes < 8 && (*raw >> (pm.elementBytes * 8 - 1)) & 1)
          v = (int64_t)(*raw | ~((1ull << (pm.elementBytes * 8)) - 1));
        logicalOf[v].push_back(i);
      }
      std::string why;
      for (auto &[phys, logical] : logicalOf) {
        if (phys < 0 || (uint64_t)phys >= pm.rowLength) {
          why = "logical page " + std::to_string(logical[0]) + " goes to " + std::to_string(phys) +
                ", outside the " + std::to_string(pm.rowLength) + " pages";
          break;
        }
        if (logical.size() > 1) {
          why = "logical pages " + std::to_string(logical[0]) + " and " + std::to_string(logical[1]) +
                " both go to physical page " + std::to_string(phys);
          for (uint64_t p = 0; p < pm.rowLength; ++p)
            if (!logicalOf.count((int64_t)p)) {
              why += " (and none to physical page " + std::to_string(p) + ")";
              break;
            }
          break;
        }
      }
      if (why.empty()) continue;
      model::Finding f;
      f.kind = model::FindingKind::PageReuse;
      f.kernel = k.displayName;
      f.loc = table.loc;
      f.message = "not a permutation: the page map '" + table.name + "'" +
                  (bytes.size() > rowBytes ? " (row " + std::to_string(row) + ")" : std::string()) + " indexes " +
                  arrays + ", but " + why + ": two owners share one page and its mbarriers";
      f.trace.push_back({-1, table.loc, why});
      out.push_back(f);
      break;  // one finding per table
    }
  }
  return out;
}

}  // namespace syncproof::checker::detail
