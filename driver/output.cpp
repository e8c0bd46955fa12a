#include "driver/output.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <sstream>

namespace syncproof::driver {

model::Verdict overallVerdict(const Report &r) {
  bool unknown = r.kernels.empty();
  for (const auto &k : r.kernels) {
    if (k.verdict == model::Verdict::Violations) return model::Verdict::Violations;
    if (k.verdict == model::Verdict::Unknown) unknown = true;
  }
  return unknown ? model::Verdict::Unknown : model::Verdict::Proved;
}

int exitCodeFor(model::Verdict v) {
  switch (v) {
  case model::Verdict::Proved: return 0;
  case model::Verdict::Violations: return 1;
  case model::Verdict::Unknown: return 3;
  }
  return 3;
}

static std::string locText(const model::SourceLoc &l) {
  if (!l.valid()) return "";
  return l.file + ":" + std::to_string(l.line) + ":" + std::to_string(l.column) + ": ";
}

std::string renderText(const Report &r, bool color) {
  std::string out;
  auto bold = [&](const std::string &s) { return color ? "\033[1m" + s + "\033[0m" : s; };
  auto red = [&](const std::string &s) { return color ? "\033[1;31m" + s + "\033[0m" : s; };
  auto magenta = [&](const std::string &s) { return color ? "\033[1;35m" + s + "\033[0m" : s; };
  auto cyan = [&](const std::string &s) { return color ? "\033[1;36m" + s + "\033[0m" : s; };
  for (const auto &k : r.kernels) {
    for (const auto &f : k.findings) {
      bool isUnknown = f.kind == model::FindingKind::Unknown;
      out += bold(locText(f.loc)) + (isUnknown ? magenta("warning: ") : red("error: ")) + bold(f.message) + " [" +
             model::findingKindName(f.kind) + "]\n";
      for (const auto &rel : f.related) out += bold(locText(rel.loc)) + cyan("note: ") + rel.message + "\n";
      if (!f.values.empty()) {
        std::string v;
        for (const auto &[name, value] : f.values) v += (v.empty() ? "" : ", ") + name + " = " + value;
        out += bold(locText(f.loc)) + cyan("note: ") + "counterexample: " + v + "\n";
      }
      int step = 1;
      for (const auto &t : f.trace) {
        out += bold(locText(t.loc)) + cyan("note: ") + "step " + std::to_string(step++) + ": " + t.action + "\n";
      }
    }
    std::ostringstream line;
    line << locText(k.loc) << "kernel '" << k.kernel << "': " << model::verdictName(k.verdict);
    size_t nv = 0, nu = 0;
    for (const auto &f : k.findings) (f.kind == model::FindingKind::Unknown ? nu : nv)++;
    if (nv) line << " (" << nv << " violation" << (nv == 1 ? "" : "s") << ")";
    if (nu) line << " (" << nu << " construct" << (nu == 1 ? "" : "s") << " not modelled or undecided)";
    line << "\n";
    out += line.str();
  }
  if (r.kernels.empty()) out += "syncproof: no __global__ kernels found; nothing was proved\n";
  return out;
}

static llvm::json::Object locJson(const model::SourceLoc &l) {
  return llvm::json::Object{{"file", l.file}, {"line", (int64_t)l.line}, {"column", (int64_t)l.column}};
}

std::string renderJson(const Report &r, const std::vector<std::string> &errors) {
  llvm::json::Array kernels;
  for (const auto &k : r.kernels) {
    llvm::json::Array findings;
    for (const auto &f : k.findings) {
      llvm::json::Array related, threads, trace;
      for (const auto &rel : f.related)
        related.push_back(llvm::json::Object{{"location", locJson(rel.loc)}, {"message", rel.message}});
      for (const auto &t : f.threads) {
        llvm::json::Object o{
            {"label", t.label},
            {"threadIdx", llvm::json::Array{(int64_t)t.tid[0], (int64_t)t.tid[1], (int64_t)t.tid[2]}},
            {"blockIdx", llvm::json::Array{(int64_t)t.bid[0], (int64_t)t.bid[1], (int64_t)t.bid[2]}}};
        if (!t.role.empty()) o["role"] = t.role;
        threads.push_back(std::move(o));
      }
      int step = 1;
      for (const auto &s : f.trace) {
        llvm::json::Object o{{"step", (int64_t)step++}, {"location", locJson(s.loc)}, {"action", s.action}};
        if (s.thread >= 0 && s.thread < (int)f.threads.size()) o["thread"] = f.threads[s.thread].label;
        else o["thread"] = "all";
        trace.push_back(std::move(o));
      }
      llvm::json::Object values;
      for (const auto &[name, value] : f.values) values[name] = value;
      llvm::json::Object fo{{"kind", model::findingKindName(f.kind)},
                            {"confirmed", f.kind != model::FindingKind::Unknown && f.confirmed},
                            {"message", f.message},
                            {"location", locJson(f.loc)},
                            {"related", std::move(related)},
                            {"threads", std::move(threads)},
                            {"values", std::move(values)},
                            {"trace", std::move(trace)}};
      if (f.possibleKind) fo["possible_kind"] = model::findingKindName(*f.possibleKind);
      if (f.cause >= 0) fo["cause"] = (int64_t)f.cause;
      findings.push_back(std::move(fo));
    }
    llvm::json::Array assumptions;
    for (const auto &a : k.assumptions) assumptions.push_back(a);
    kernels.push_back(llvm::json::Object{
        {"name", k.kernel},
        {"location", locJson(k.loc)},
        {"verdict", model::verdictName(k.verdict)},
        {"assumptions", std::move(assumptions)},
        {"stats", llvm::json::Object{{"parse_seconds", k.parseSeconds},
                                     {"solve_seconds", k.solveSeconds},
                                     {"queries", (int64_t)k.queries}}},
        {"findings", std::move(findings)}});
  }
  llvm::json::Array files;
  for (const auto &f : r.files) files.push_back(f);
  llvm::json::Object root{
      {"schema_version", 1},
      {"tool", llvm::json::Object{{"name", "syncproof"}, {"version", r.toolVersion}, {"z3", r.solverVersion}}},
      {"verdict", errors.empty() ? model::verdictName(overallVerdict(r)) : "error"},
      {"files", std::move(files)},
      {"kernels", std::move(kernels)}};
  if (!errors.empty()) {
    llvm::json::Array errs;
    for (const auto &e : errors) errs.push_back(e);
    root["errors"] = std::move(errs);
  }
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << "\n";
  return os.str();
}

// ------------------------------------------------------------ models

static std::string exprText(const model::Kernel &k, const model::ExprRef &e) {
  using K = model::Expr::Kind;
  if (!e) return "?";
  switch (e->kind) {
  case K::Const:
    if (e->width == 1) return e->value ? "true" : "false";
    return std::to_string(e->value);
  case K::Var: return k.vars[e->id].name;
  case K::Param: return "param " + k.params[e->id].name;
  case K::Builtin: return model::builtinName(e->builtin);
  case K::Havoc: return "havoc#" + std::to_string(e->id);
  case K::Table: return k.regions[e->id].name + "{" + exprText(k, e->args[0]) + "}";
  case K::Select:
    return "(" + exprText(k, e->args[0]) + " ? " + exprText(k, e->args[1]) + " : " + exprText(k, e->args[2]) + ")";
  case K::Unary:
    if (e->op == model::Op::ZExt || e->op == model::Op::SExt || e->op == model::Op::Trunc)
      return std::string(model::opName(e->op)) + std::to_string(e->width) + "(" + exprText(k, e->args[0]) + ")";
    return std::string(model::opName(e->op)) + exprText(k, e->args[0]);
  case K::Binary:
    return "(" + exprText(k, e->args[0]) + " " + model::opName(e->op) + " " + exprText(k, e->args[1]) + ")";
  }
  return "?";
}

static std::string locShort(const model::SourceLoc &l) {
  return l.valid() ? "  @" + std::to_string(l.line) + ":" + std::to_string(l.column) : "";
}

static void stmtText(const model::Kernel &k, const model::Stmt &s, int depth, std::string &out) {
  using K = model::Stmt::Kind;
  std::string ind(depth * 2, ' ');
  switch (s.kind) {
  case K::Block:
    if (s.label >= 0) out += ind + "block L" + std::to_string(s.label) + " {\n";
    for (auto &c : s.stmts) stmtText(k, *c, s.label >= 0 ? depth + 1 : depth, out);
    if (s.label >= 0) out += ind + "}\n";
    return;
  case K::Assign:
    out += ind + k.vars[s.var].name + " = " + exprText(k, s.value) + locShort(s.loc) + "\n";
    return;
  case K::Access:
    out += ind + model::accessKindName(s.access) + (s.atomicOp.empty() ? "" : "(" + s.atomicOp + ")") +
           (s.order == model::MemOrder::Plain ? ""
                                              : std::string(".") + model::memOrderName(s.order) + "." +
                                                    model::memScopeName(s.scope)) +
           (s.isVolatile ? ".volatile" : "") + (s.nonCoherent ? ".nc" : "") +
           (s.operand ? " value=" + exprText(k, s.operand) : "") +
           (s.resultVar >= 0 ? " -> " + k.vars[s.resultVar].name : "") + " " +
           k.regions[s.region].name + "[" + exprText(k, s.offset) + " .. +" + std::to_string(s.size) + "]  // " +
           s.text + locShort(s.loc) + "\n";
    return;
  case K::Barrier:
    if (s.barrier == model::BarrierKind::Block) out += ind + "barrier.block  // " + s.text;
    else if (s.barrier == model::BarrierKind::Grid) out += ind + "barrier.grid  // " + s.text;
    else if (s.barrier == model::BarrierKind::Warp) out += ind + "barrier.warp mask=" + exprText(k, s.warpMask);
    else if (s.barrier == model::BarrierKind::Warpgroup) out += ind + "collective.warpgroup  // " + s.text;
    else if (s.barrier == model::BarrierKind::WarpCollective)
      out += ind + "collective.warp mask=" + exprText(k, s.warpMask) + "  // " + s.text;
    else
      out += ind + std::string(s.arriveOnly ? "barrier.named.arrive id=" : "barrier.named.sync id=") +
             exprText(k, s.barrierId) + (s.barrierCount ? " count=" + exprText(k, s.barrierCount) : "");
    out += locShort(s.loc) + "\n";
    return;
  case K::If:
    out += ind + "if " + exprText(k, s.cond) + locShort(s.loc) + " {\n";
    stmtText(k, *s.thenS, depth + 1, out);
    if (s.elseS) {
      out += ind + "} else {\n";
      stmtText(k, *s.elseS, depth + 1, out);
    }
    out += ind + "}\n";
    return;
  case K::Loop:
    out += ind + (s.testFirst ? "while " : "do-while ") + exprText(k, s.cond) + " (break L" +
           std::to_string(s.breakLabel) + ", continue L" + std::to_string(s.body->label) + ")" + locShort(s.loc) + " {\n";
    stmtText(k, *s.body, depth + 1, out);
    if (!s.step->stmts.empty()) {
      out += ind + "} step {\n";
      stmtText(k, *s.step, depth + 1, out);
    }
    out += ind + "}\n";
    return;
  case K::Exit:
    out += ind + "exit L" + std::to_string(s.label) + locShort(s.loc) + "\n";
    return;
  case K::Assume:
    out += ind + "assume " + exprText(k, s.cond) + locShort(s.loc) + "\n";
    return;
  case K::Unknown:
    out += ind + "unknown \"" + s.reason + "\"" + locShort(s.loc) + "\n";
    return;
  case K::Fence:
    out += ind + "fence." + model::memOrderName(s.order) + "." + model::memScopeName(s.scope) + "  // " + s.text +
           locShort(s.loc) + "\n";
    return;
  case K::Await:
    out += ind + "await." + model::memOrderName(s.order) + "." + model::memScopeName(s.scope) +
           (s.isVolatile ? ".volatile" : "") + " " + k.regions[s.region].name + "[" + exprText(k, s.offset) + " .. +" +
           std::to_string(s.size) + "] " +
           (s.target ? std::string(model::opName(s.awaitCmp)) + " " + exprText(k, s.target)
                     : "until " + exprText(k, s.cond)) +
           (s.resultVar >= 0 ? " -> " + k.vars[s.resultVar].name : "") + "  // " + s.text + locShort(s.loc) + "\n";
    return;
  case K::Mbarrier:
    out += ind + "mbarrier." + model::mbarOpName(s.mbarOp) + " " +
           (s.region >= 0 ? k.regions[s.region].name + "[" + exprText(k, s.offset) + "]" : std::string("-")) + (s.operand ? " operand=" + exprText(k, s.operand) : "") +
           (s.txBytes ? " tx=" + exprText(k, s.txBytes) : "") +
           (s.resultVar >= 0 ? " -> " + k.vars[s.resultVar].name : "") + "  // " + s.text + locShort(s.loc) + "\n";
    return;
  case K::AsyncCopy:
    out += ind + (s.access == model::AccessKind::Read ? "async.store.read " : "async.copy ") + k.regions[s.region].name + "[" + exprText(k, s.offset) + " .. +" +
           exprText(k, s.operand) + "] <- " +
           (s.srcRegion >= 0 ? k.regions[s.srcRegion].name + "[" + exprText(k, s.srcOffset) + "]" : std::string("?")) +
           " complete_tx " + (s.mbarRegion >= 0 ? k.regions[s.mbarRegion].name + "[" + exprText(k, s.mbarOffset) + "]" : std::string("?")) +
           "  // " + s.text + locShort(s.loc) + "\n";
    return;
  }
}

std::string modelText(const model::Kernel &k) {
  std::string out = "kernel " + k.displayName + "  // " + k.loc.file + ":" + std::to_string(k.loc.line) + "\n";
  for (size_t i = 0; i < k.params.size(); ++i) {
    const auto &p = k.params[i];
    out += "  param " + p.name + ": " +
           (p.kind == model::Param::Kind::Scalar ? (p.isSigned ? "i" : "u") + std::to_string(p.width)
            : p.kind == model::Param::Kind::Pointer ? "pointer to region " + k.regions[p.region].name
                                                    : std::string("other (not modelled)")) +
           "\n";
  }
  for (const auto &r : k.regions) {
    out += "  region " + r.name + ": " + model::addressSpaceName(r.space);
    if (r.sizeBytes) out += ", " + std::to_string(*r.sizeBytes) + " bytes";
    if (r.dynamicShared) out += ", dynamic";
    out += "\n";
  }
  stmtText(k, *k.body, 1, out);
  return out;
}

static llvm::json::Value exprJson(const model::Kernel &k, const model::ExprRef &e) {
  using K = model::Expr::Kind;
  llvm::json::Object o{{"width", (int64_t)e->width}};
  switch (e->kind) {
  case K::Const: o["kind"] = "const"; o["value"] = (int64_t)e->value; break;
  case K::Var: o["kind"] = "var"; o["name"] = k.vars[e->id].name; o["id"] = e->id; break;
  case K::Param: o["kind"] = "param"; o["name"] = k.params[e->id].name; break;
  case K::Builtin: o["kind"] = "builtin"; o["name"] = model::builtinName(e->builtin); break;
  case K::Havoc: o["kind"] = "havoc"; o["id"] = e->id; o["note"] = e->note; break;
  case K::Select: o["kind"] = "select"; break;
  case K::Table: o["kind"] = "table"; o["region"] = k.regions[e->id].name; break;
  case K::Unary: o["kind"] = "unary"; o["op"] = model::opName(e->op); break;
  case K::Binary: o["kind"] = "binary"; o["op"] = model::opName(e->op); break;
  }
  if (!e->args.empty()) {
    llvm::json::Array args;
    for (auto &a : e->args) args.push_back(exprJson(k, a));
    o["args"] = std::move(args);
  }
  return o;
}

static llvm::json::Value stmtJson(const model::Kernel &k, const model::Stmt &s) {
  using K = model::Stmt::Kind;
  llvm::json::Object o{{"id", s.id}, {"location", locJson(s.loc)}};
  auto block = [&](const model::StmtRef &b) {
    llvm::json::Array a;
    if (b)
      for (auto &c : b->stmts) a.push_back(stmtJson(k, *c));
    return a;
  };
  switch (s.kind) {
  case K::Block:
    o["kind"] = "block";
    if (s.label >= 0) o["label"] = s.label;
    {
      llvm::json::Array a;
      for (auto &c : s.stmts) a.push_back(stmtJson(k, *c));
      o["stmts"] = std::move(a);
    }
    break;
  case K::Assign: o["kind"] = "assign"; o["var"] = k.vars[s.var].name; o["value"] = exprJson(k, s.value); break;
  case K::Access:
    o["kind"] = "access";
    o["access"] = model::accessKindName(s.access);
    if (!s.atomicOp.empty()) o["atomic"] = s.atomicOp;
    o["region"] = k.regions[s.region].name;
    o["space"] = model::addressSpaceName(k.regions[s.region].space);
    o["offset"] = exprJson(k, s.offset);
    o["size"] = (int64_t)s.size;
    o["text"] = s.text;
    if (s.order != model::MemOrder::Plain) {
      o["order"] = model::memOrderName(s.order);
      o["scope"] = model::memScopeName(s.scope);
    }
    if (s.isVolatile) o["volatile"] = true;
    if (s.nonCoherent) o["non_coherent"] = true;
    if (s.operand) o["operand"] = exprJson(k, s.operand);
    if (!s.updateKind.empty()) o["update"] = s.updateKind;
    break;
  case K::Fence:
    o["kind"] = "fence";
    o["order"] = model::memOrderName(s.order);
    o["scope"] = model::memScopeName(s.scope);
    o["text"] = s.text;
    break;
  case K::Await:
    o["kind"] = "await";
    o["region"] = k.regions[s.region].name;
    o["offset"] = exprJson(k, s.offset);
    o["size"] = (int64_t)s.size;
    o["order"] = model::memOrderName(s.order);
    o["scope"] = model::memScopeName(s.scope);
    if (s.isVolatile) o["volatile"] = true;
    if (s.target) {
      o["cmp"] = model::opName(s.awaitCmp);
      o["target"] = exprJson(k, s.target);
    } else {
      o["until"] = exprJson(k, s.cond);  // an exit condition of another shape
    }
    o["text"] = s.text;
    break;
  case K::Mbarrier:
    o["kind"] = "mbarrier";
    o["op"] = model::mbarOpName(s.mbarOp);
    if (s.region >= 0) o["region"] = k.regions[s.region].name, o["offset"] = exprJson(k, s.offset);
    if (s.operand) o["operand"] = exprJson(k, s.operand);
    if (s.txBytes) o["tx_bytes"] = exprJson(k, s.txBytes);
    o["text"] = s.text;
    break;
  case K::AsyncCopy:
    o["kind"] = s.access == model::AccessKind::Read ? "async_bulk_store" : "async_copy";
    o["region"] = k.regions[s.region].name;
    o["offset"] = exprJson(k, s.offset);
    o["bytes"] = exprJson(k, s.operand);
    if (s.srcRegion >= 0) o["source"] = k.regions[s.srcRegion].name, o["source_offset"] = exprJson(k, s.srcOffset);
    if (s.mbarRegion >= 0) o["mbarrier"] = k.regions[s.mbarRegion].name, o["mbarrier_offset"] = exprJson(k, s.mbarOffset);
    o["text"] = s.text;
    break;
  case K::Barrier:
    o["kind"] = "barrier";
    o["barrier"] = s.barrier == model::BarrierKind::Block  ? "block"
                   : s.barrier == model::BarrierKind::Grid ? "grid"
                   : s.barrier == model::BarrierKind::Warp ? "warp"
                   : s.barrier == model::BarrierKind::Warpgroup ? "warpgroup"
                   : s.barrier == model::BarrierKind::WarpCollective ? "warp_collective"
                                                           : "named";
    if (s.warpMask) o["mask"] = exprJson(k, s.warpMask);
    if (s.barrierId) o["barrier_id"] = exprJson(k, s.barrierId);
    if (s.barrierCount) o["count"] = exprJson(k, s.barrierCount);
    if (s.arriveOnly) o["arrive"] = true;
    o["text"] = s.text;
    break;
  case K::If:
    o["kind"] = "if";
    o["cond"] = exprJson(k, s.cond);
    o["then"] = block(s.thenS);
    if (s.elseS) o["else"] = block(s.elseS);
    break;
  case K::Loop:
    o["kind"] = "loop";
    o["test_first"] = s.testFirst;
    o["cond"] = exprJson(k, s.cond);
    o["break_label"] = s.breakLabel;
    o["continue_label"] = s.body->label;
    o["body"] = block(s.body);
    o["step"] = block(s.step);
    break;
  case K::Exit: o["kind"] = "exit"; o["label"] = s.label; break;
  case K::Assume: o["kind"] = "assume"; o["cond"] = exprJson(k, s.cond); break;
  case K::Unknown: o["kind"] = "unknown"; o["reason"] = s.reason; break;
  }
  return o;
}

std::string modelJson(const std::vector<model::Kernel> &ks) {
  llvm::json::Array kernels;
  for (const auto &k : ks) {
    llvm::json::Array params, regions, vars;
    for (const auto &p : k.params) {
      llvm::json::Object o{
          {"name", p.name},
          {"kind", p.kind == model::Param::Kind::Scalar ? "scalar" : p.kind == model::Param::Kind::Pointer ? "pointer" : "other"},
          {"width", (int64_t)p.width}};
      if (p.kind == model::Param::Kind::Scalar) o["signed"] = p.isSigned;
      if (p.kind == model::Param::Kind::Pointer) o["region"] = k.regions[p.region].name;
      params.push_back(std::move(o));
    }
    for (const auto &r : k.regions) {
      llvm::json::Object o{{"name", r.name}, {"space", model::addressSpaceName(r.space)}, {"location", locJson(r.loc)}};
      if (r.sizeBytes) o["size"] = (int64_t)*r.sizeBytes;
      if (r.dynamicShared) o["dynamic"] = true;
      regions.push_back(std::move(o));
    }
    for (const auto &v : k.vars)
      vars.push_back(llvm::json::Object{{"name", v.name}, {"width", (int64_t)v.width}, {"signed", v.isSigned}});
    kernels.push_back(llvm::json::Object{{"name", k.displayName},
                                         {"location", locJson(k.loc)},
                                         {"params", std::move(params)},
                                         {"regions", std::move(regions)},
                                         {"vars", std::move(vars)},
                                         {"body", stmtJson(k, *k.body)}});
  }
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", llvm::json::Value(llvm::json::Object{{"schema_version", 1}, {"kernels", std::move(kernels)}}))
     << "\n";
  return os.str();
}

}  // namespace syncproof::driver
