// Synchronization mutants of a CUDA source file (`syncproof mutate`,
// docs/mutate.md): one-edit changes to barriers, fences, memory orders and
// scopes, mbarrier operands, masks and spin-wait targets, each applied with
// Clang's Rewriter to the file's text.
#include "frontend/frontend.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "clang/Tooling/Tooling.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <functional>
#include <map>
#include <regex>
#include <set>

namespace syncproof::frontend {
namespace {

using namespace clang;

// One place to change: [range) of the main file becomes `text`.
struct Edit {
  unsigned begin = 0, end = 0;
  std::string text;
};

struct Site {
  std::string cls, what;
  unsigned line = 0, column = 0;
  std::vector<Edit> edits;
};

// The opcodes of an inline-PTX string, one per instruction ("ld.acquire.gpu.global.u32").
std::vector<std::string> ptxOpcodes(const std::string &code) {
  std::vector<std::string> out;
  static const std::regex opRe(R"((^|[;{}\n:]|@!?[%a-zA-Z0-9_]+)\s*([a-z][a-z0-9_]*(\.[a-z0-9_:]+)*))");
  for (auto it = std::sregex_iterator(code.begin(), code.end(), opRe); it != std::sregex_iterator(); ++it) {
    std::string w = (*it)[2].str();
    if (w.empty() || w == "reg" || w.rfind("reg.", 0) == 0) continue;
    out.push_back(w);
  }
  return out;
}
// Instructions that synchronize (a function whose asm has one is a
// synchronization helper; a statement calling it can be moved).
bool syncOpcode(const std::string &op) {
  for (const char *p : {"bar.", "barrier.", "mbarrier.", "red.", "atom.", "fence", "membar", "cp.async",
                        "griddepcontrol"})
    if (op.rfind(p, 0) == 0) return true;
  return (op.rfind("ld.", 0) == 0 || op.rfind("st.", 0) == 0) &&
         (op.find(".acquire") != std::string::npos || op.find(".release") != std::string::npos ||
          op.find(".relaxed") != std::string::npos || op.find(".volatile") != std::string::npos);
}
// Instructions a spin-wait reads memory others write with.
bool readOpcode(const std::string &op) {
  if (op.rfind("atom.", 0) == 0 || op.find("try_wait") != std::string::npos || op.find("test_wait") != std::string::npos)
    return true;
  return op.rfind("ld.", 0) == 0 && (op.find(".acquire") != std::string::npos || op.find(".relaxed") != std::string::npos ||
                                     op.find(".volatile") != std::string::npos);
}
bool asmHas(const std::string &code, bool (*pred)(const std::string &)) {
  for (const std::string &op : ptxOpcodes(code))
    if (pred(op)) return true;
  return false;
}
const std::set<std::string> kBarrierCalls = {"__syncthreads", "__syncthreads_count", "__syncthreads_and",
                                             "__syncthreads_or", "__syncwarp", "__barrier_sync"};
const std::set<std::string> kFenceCalls = {"__threadfence", "__threadfence_block", "__threadfence_system"};
const std::set<std::string> kMaskCalls = {"__syncwarp",      "__shfl_sync",      "__shfl_up_sync",
                                          "__shfl_down_sync", "__shfl_xor_sync", "__ballot_sync",
                                          "__any_sync",       "__all_sync",      "__match_any_sync",
                                          "__match_all_sync", "__reduce_add_sync", "__reduce_min_sync",
                                          "__reduce_max_sync", "__reduce_and_sync", "__reduce_or_sync",
                                          "__reduce_xor_sync"};
const std::set<std::string> kAtomicCalls = {"atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax",
                                            "atomicInc", "atomicDec", "atomicCAS",  "atomicAnd", "atomicOr",
                                            "atomicXor"};

// The functions a kernel of the file can run: the kernels and, transitively,
// every function their bodies (template instantiations included) call or
// name, each as the canonical declaration of its pattern. A mutation in a
// helper no kernel reaches (a variant a macro leaves unused) is equivalent.
std::set<const FunctionDecl *> reachableFunctions(ASTContext &ctx) {
  std::set<const FunctionDecl *> reach;
  std::vector<const FunctionDecl *> work;
  auto add = [&](const FunctionDecl *fd) {
    if (!fd) return;
    const FunctionDecl *pat = fd->getTemplateInstantiationPattern();
    const FunctionDecl *key = (pat ? pat : fd)->getCanonicalDecl();
    if (reach.insert(key).second) work.push_back(fd);
  };
  struct Kernels : RecursiveASTVisitor<Kernels> {
    std::function<void(const FunctionDecl *)> add;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitFunctionDecl(FunctionDecl *fd) {
      if (fd->hasAttr<CUDAGlobalAttr>() && fd->doesThisDeclarationHaveABody()) add(fd);
      return true;
    }
  } kernels;
  kernels.add = add;
  kernels.TraverseDecl(ctx.getTranslationUnitDecl());
  struct Calls : RecursiveASTVisitor<Calls> {
    std::function<void(const FunctionDecl *)> add;
    bool VisitDeclRefExpr(DeclRefExpr *d) {
      if (auto *fd = dyn_cast<FunctionDecl>(d->getDecl())) add(fd);
      return true;
    }
    bool VisitCXXConstructExpr(CXXConstructExpr *c) {
      add(c->getConstructor());
      return true;
    }
    bool VisitMemberExpr(MemberExpr *m) {
      if (auto *fd = dyn_cast<FunctionDecl>(m->getMemberDecl())) add(fd);
      return true;
    }
    bool VisitLambdaExpr(LambdaExpr *l) {
      add(l->getCallOperator());
      return true;
    }
  } calls;
  calls.add = add;
  while (!work.empty()) {
    const FunctionDecl *fd = work.back();
    work.pop_back();
    const FunctionDecl *def = nullptr;
    if (fd->hasBody(def) && def) calls.TraverseStmt(def->getBody());
  }
  return reach;
}

class Finder : public RecursiveASTVisitor<Finder> {
public:
  Finder(ASTContext &ctx, std::vector<Site> &out)
      : ctx(ctx), sm(ctx.getSourceManager()), out(out), reach(reachableFunctions(ctx)) {}

  // Only bodies a kernel can run are mutated.
  bool TraverseDecl(Decl *d) {
    auto *fd = dyn_cast_or_null<FunctionDecl>(d);
    if (!fd || !fd->doesThisDeclarationHaveABody()) return RecursiveASTVisitor<Finder>::TraverseDecl(d);
    const FunctionDecl *pat = fd->getTemplateInstantiationPattern();
    if (!reach.count((pat ? pat : fd)->getCanonicalDecl())) return true;
    return RecursiveASTVisitor<Finder>::TraverseDecl(d);
  }

  bool VisitCallExpr(CallExpr *c) {
    const FunctionDecl *fd = c->getDirectCallee();
    if (!fd || !inMain(c->getBeginLoc())) return true;
    std::string name = fd->getNameAsString();
    bool stmt = isStatement(c);
    if (kBarrierCalls.count(name) && stmt && c->getNumArgs() <= 1) add("barrier-remove", c, "((void)0)", "remove " + name + "()");
    if (kFenceCalls.count(name) && stmt) {
      add("fence-remove", c, "((void)0)", "remove " + name + "()");
      if (name == "__threadfence") add("fence-narrow", c, "__threadfence_block()", "__threadfence() -> __threadfence_block()");
      if (name == "__threadfence_system") add("fence-narrow", c, "__threadfence()", "__threadfence_system() -> __threadfence()");
    }
    if (kMaskCalls.count(name) && c->getNumArgs() >= 1) {
      const Expr *m = c->getArg(0);
      std::string t = text(m);
      if (!t.empty()) add("mask-narrow", m, "(0x7fffffffu & (" + t + "))", name + " without lane 31 in its mask");
    }
    if (kAtomicCalls.count(name) && c->getNumArgs() >= 1 && !pointsToShared(c->getArg(0)))
      if (auto r = fileRange(c->getCallee()); r.isValid())
        addRange("atomic-scope", r, name + "_block", name + " -> " + name + "_block (block scope)", c->getBeginLoc());
    if (auto *mc = dyn_cast<CXXMemberCallExpr>(c)) {
      std::string ty = mc->getObjectType().getAsString();
      if ((name == "sync" || name == "arrive_and_wait") && stmt &&
          (ty.find("thread_block") != std::string::npos || ty.find("grid_group") != std::string::npos ||
           ty.find("barrier") != std::string::npos || ty.find("coalesced_group") != std::string::npos))
        add("barrier-remove", c, "((void)0)", "remove ." + name + "()");
    }
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *d) {
    if (!inMain(d->getBeginLoc())) return true;
    std::string n = d->getDecl()->getNameAsString();
    static const std::map<std::string, std::pair<std::string, std::string>> orders = {
        {"memory_order_release", {"release-weaken", "memory_order_relaxed"}},
        {"memory_order_acquire", {"acquire-weaken", "memory_order_relaxed"}},
        {"memory_order_acq_rel", {"release-weaken", "memory_order_acquire"}},
        {"memory_order_seq_cst", {"release-weaken", "memory_order_relaxed"}},
        {"thread_scope_device", {"scope-narrow", "thread_scope_block"}},
        {"thread_scope_system", {"scope-narrow", "thread_scope_block"}}};
    auto it = orders.find(n);
    if (it == orders.end()) return true;
    CharSourceRange r = fileRange(d);
    if (!r.isValid()) return true;
    std::string t = Lexer::getSourceText(r, sm, ctx.getLangOpts()).str();
    size_t at = t.rfind(n);
    if (at == std::string::npos) return true;
    addRange(it->second.first, r, t.substr(0, at) + it->second.second, n + " -> " + it->second.second,
             d->getBeginLoc());
    return true;
  }

  bool VisitGCCAsmStmt(GCCAsmStmt *a) {
    if (!inMain(a->getBeginLoc())) return true;
    const Expr *strE = a->getAsmStringExpr();
    CharSourceRange sr = strE ? fileRange(strE) : CharSourceRange();
    if (!sr.isValid()) return true;
    std::string src = Lexer::getSourceText(sr, sm, ctx.getLangOpts()).str();
    unsigned base = sm.getFileOffset(sr.getBegin());
    auto strEdit = [&](const std::string &cls, size_t pos, size_t len, const std::string &repl, const std::string &what) {
      Site s;
      s.cls = cls;
      s.what = what;
      posOf(sm.getFileLoc(a->getBeginLoc()), s);
      s.edits.push_back({base + (unsigned)pos, base + (unsigned)(pos + len), repl});
      out.push_back(s);
    };
    auto operandEdit = [&](const std::string &cls, unsigned k, const std::string &wrapL, const std::string &wrapR,
                           const std::string &what) {
      const Expr *e = k < a->getNumOutputs() ? a->getOutputExpr(k)
                      : k - a->getNumOutputs() < a->getNumInputs() ? a->getInputExpr(k - a->getNumOutputs())
                                                                   : nullptr;
      if (!e) return;
      std::string t = text(e);
      if (t.empty()) return;
      add(cls, e, wrapL + t + wrapR, what);
    };
    // Instructions of the string: split at ';' (the text between is one instruction, escapes and all).
    size_t start = 0;
    while (start < src.size()) {
      size_t semi = src.find(';', start);
      size_t stop = semi == std::string::npos ? src.size() : semi + 1;
      std::string ins = src.substr(start, stop - start);
      auto has = [&](const char *w) { return ins.find(w) != std::string::npos; };
      auto edit = [&](const std::string &cls, const std::string &from, const std::string &to, const std::string &what) {
        size_t p = ins.find(from);
        if (p != std::string::npos) strEdit(cls, start + p, from.size(), to, what);
      };
      std::string op = opcodeOf(ins);
      // The instruction's operands after the opcode, split at top-level commas: (text, offset in ins).
      std::vector<std::pair<std::string, size_t>> args;
      {
        size_t p = ins.find(op);
        size_t from = p == std::string::npos ? ins.size() : p + op.size();
        size_t end = ins.find(';', from);
        if (end == std::string::npos) end = ins.size();
        size_t b0 = from;
        int depth = 0;
        for (size_t i = from; i <= end; ++i) {
          char ch = i < end ? ins[i] : ',';
          if (ch == '[' || ch == '{') ++depth;
          if (ch == ']' || ch == '}') --depth;
          if (ch == ',' && depth <= 0) {
            size_t x = b0, y = i;
            while (x < y && std::isspace((unsigned char)ins[x])) ++x;
            while (y > x && std::isspace((unsigned char)ins[y - 1])) --y;
            if (y > x) args.push_back({ins.substr(x, y - x), x});
            b0 = i + 1;
          }
        }
      }
      // Changes operand k of the instruction: an asm operand %N is wrapped in C++, a literal replaced.
      auto argEdit = [&](const std::string &cls, size_t k, const std::string &wrapL, const std::string &wrapR,
                         const std::function<std::string(uint64_t)> &lit, const std::string &what) {
        if (k >= args.size()) return;
        const auto &[t, at] = args[k];
        static const std::regex pctRe(R"(%(\d+))"), numRe(R"(^(\d+)$)");
        std::smatch m;
        if (std::regex_search(t, m, pctRe)) {
          operandEdit(cls, (unsigned)std::stoul(m[1].str()), wrapL, wrapR, what);
        } else if (std::regex_match(t, m, numRe)) {
          strEdit(cls, start + at, t.size(), lit(std::stoull(t)), what);
        }
      };
      // Operand numbers %N in order of appearance.
      bool sync = op.rfind("bar.", 0) == 0 || op.rfind("barrier.", 0) == 0;
      if (sync) {
        // The instruction itself, up to its ';' (escapes before it stay).
        size_t p = ins.find(op);
        strEdit("barrier-remove", start + p, stop - start - p, "", "remove '" + op + "'");
        static const std::regex countRe(R"(,\s*(\d+)\s*;)");
        std::smatch m;
        if (std::regex_search(ins, m, countRe)) {
          unsigned n = (unsigned)std::stoul(m[1].str());
          if (n > 32) strEdit("barrier-count", start + m.position(1), m.length(1), std::to_string(n - 32),
                              "'" + op + "' with " + std::to_string(n - 32) + " threads instead of " + std::to_string(n));
        } else if (args.size() >= 2) {
          argEdit("barrier-count", 1, "((", ") - 32)", [](uint64_t v) { return std::to_string(v > 32 ? v - 32 : v); },
                  "'" + op + "' with 32 threads fewer");
        }
      } else if (op.rfind("fence", 0) == 0 || op.rfind("membar", 0) == 0) {
        size_t p = ins.find(op);
        strEdit("fence-remove", start + p, stop - start - p, "", "remove '" + op + "'");
        if (op.find(".gpu") != std::string::npos) edit("scope-narrow", ".gpu", ".cta", "'" + op + "' at CTA scope");
        if (op.rfind("fence.proxy.async", 0) == 0) {
          if (op.find(".shared::cta") != std::string::npos || op.find(".shared::cluster") != std::string::npos)
            edit("proxy-fence-space", op.find(".shared::cta") != std::string::npos ? ".shared::cta" : ".shared::cluster",
                 ".global", "'" + op + "' for the global state space only");
          else if (op == "fence.proxy.async")
            edit("proxy-fence-space", "fence.proxy.async", "fence.proxy.async.global",
                 "'fence.proxy.async' for the global state space only");
        }
      } else if (op.rfind("ld.", 0) == 0 || op.rfind("st.", 0) == 0 || op.rfind("red.", 0) == 0 ||
                 op.rfind("atom.", 0) == 0) {
        if (op.find(".release") != std::string::npos) edit("release-weaken", ".release", ".relaxed", "'" + op + "' relaxed");
        if (op.find(".acq_rel") != std::string::npos) edit("release-weaken", ".acq_rel", ".relaxed", "'" + op + "' relaxed");
        if (op.find(".acquire") != std::string::npos) {
          edit("acquire-weaken", ".acquire", ".relaxed", "'" + op + "' relaxed");
          static const std::regex volRe(R"(ld\.acquire\.(gpu|sys|cta|cluster))");
          std::smatch m;
          if (std::regex_search(ins, m, volRe))
            strEdit("acquire-volatile", start + m.position(0), m.length(0), "ld.volatile",
                    "'" + op + "' as a volatile load (no acquire)");
        }
        if (op.find(".gpu") != std::string::npos) edit("scope-narrow", ".gpu", ".cta", "'" + op + "' at CTA scope");
      } else if (op.rfind("mbarrier.", 0) == 0) {
        if (op.rfind("mbarrier.init", 0) == 0)
          argEdit("arrival-count", 1, "((", ") + 1)", [](uint64_t v) { return std::to_string(v + 1); },
                  "'" + op + "' count + 1");
        if (op.rfind("mbarrier.arrive", 0) == 0) {
          size_t p = ins.find(op);
          if (op.find("expect_tx") == std::string::npos)
            strEdit("arrive-remove", start + p, stop - start - p, "", "remove '" + op + "'");
          if (op.find(".relaxed") == std::string::npos && op.find(".release") == std::string::npos)
            edit("arrive-relaxed", "mbarrier.arrive", "mbarrier.arrive.relaxed.cta", "'" + op + "' relaxed");
          if (op.find("expect_tx") != std::string::npos && args.size() >= 2)
            argEdit("expect-tx-bytes", args.size() - 1, "((", ") + 16)",
                    [](uint64_t v) { return std::to_string(v + 16); }, "'" + op + "' expects 16 bytes more");
        }
        if (op.rfind("mbarrier.expect_tx", 0) == 0 && args.size() >= 2)
          argEdit("expect-tx-bytes", args.size() - 1, "((", ") + 16)",
                  [](uint64_t v) { return std::to_string(v + 16); }, "'" + op + "' expects 16 bytes more");
        if ((op.find("try_wait.parity") != std::string::npos || op.find("test_wait.parity") != std::string::npos) &&
            args.size() >= 2)
          argEdit("parity-flip", args.size() - 1, "((", ") ^ 1)", [](uint64_t v) { return std::to_string(v ^ 1); },
                  "'" + op + "' waits for the other parity");
      } else if (op.rfind("cp.async.bulk", 0) == 0 && op.find("mbarrier") != std::string::npos && args.size() >= 4) {
        argEdit("copy-wrong-mbarrier", args.size() - 1, "((", ") + 8)", [](uint64_t v) { return std::to_string(v + 8); },
                "'" + op + "' completes on the next mbarrier");
      } else if (op.rfind("cp.async.bulk.wait_group", 0) == 0 || op.rfind("cp.async.wait_group", 0) == 0) {
        static const std::regex nRe(R"(wait_group(\.read)?\s+(\d+))");
        std::smatch m;
        if (std::regex_search(ins, m, nRe)) {
          unsigned n = (unsigned)std::stoul(m[2].str());
          strEdit("async-wait-count", start + m.position(2), m.length(2), std::to_string(n + 1),
                  "'" + op + " " + std::to_string(n) + "' waits for " + std::to_string(n + 1) + " groups fewer");
        }
      }
      start = stop;
    }
    return true;
  }

  // Spin-wait targets: a comparison in the condition of a loop that reads
  // memory other threads write, off by one either way.
  bool VisitWhileStmt(WhileStmt *w) { return spin(w->getCond()); }
  bool VisitDoStmt(DoStmt *d) { return spin(d->getCond()); }
  bool VisitForStmt(ForStmt *f) { return f->getCond() ? spin(f->getCond()) : true; }

  // Moves: a synchronizing statement one statement up in its block.
  bool VisitCompoundStmt(CompoundStmt *cs) {
    if (!inMain(cs->getBeginLoc())) return true;
    const Stmt *prev = nullptr;
    for (const Stmt *s : cs->body()) {
      if (prev && isSyncStmt(s) && !isSyncStmt(prev) && movable(prev) && movable(s) && touchesMemory(prev)) {
        CharSourceRange a = stmtRange(prev), b = stmtRange(s);
        if (a.isValid() && b.isValid()) {
          unsigned a0 = sm.getFileOffset(a.getBegin()), a1 = sm.getFileOffset(a.getEnd());
          unsigned b0 = sm.getFileOffset(b.getBegin()), b1 = sm.getFileOffset(b.getEnd());
          if (a1 <= b0) {
            std::string ta = Lexer::getSourceText(a, sm, ctx.getLangOpts()).str();
            std::string tb = Lexer::getSourceText(b, sm, ctx.getLangOpts()).str();
            std::string gap = fileText(a1, b0);
            if (ta.find('\n') == std::string::npos && tb.find('\n') == std::string::npos) {
              Site site;
              site.cls = "move-up";
              site.what = "'" + shorten(tb) + "' moved above '" + shorten(ta) + "'";
              posOf(b.getBegin(), site);
              site.edits.push_back({a0, b1, tb + gap + ta});
              out.push_back(site);
            }
          }
        }
      }
      prev = s;
    }
    return true;
  }

private:
  ASTContext &ctx;
  SourceManager &sm;
  std::vector<Site> &out;
  std::set<const FunctionDecl *> reach;

  bool inMain(SourceLocation l) const { return l.isValid() && sm.isInMainFile(sm.getExpansionLoc(l)); }
  CharSourceRange fileRange(const Stmt *s) const {
    CharSourceRange r = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(s->getSourceRange()), sm,
                                                 ctx.getLangOpts());
    if (!r.isValid() || !sm.isInMainFile(r.getBegin())) return CharSourceRange();
    return r;
  }
  std::string text(const Stmt *s) const {
    CharSourceRange r = fileRange(s);
    return r.isValid() ? Lexer::getSourceText(r, sm, ctx.getLangOpts()).str() : std::string();
  }
  std::string fileText(unsigned b, unsigned e) const {
    StringRef buf = sm.getBufferData(sm.getMainFileID());
    return b <= e && e <= buf.size() ? buf.substr(b, e - b).str() : std::string();
  }
  void posOf(SourceLocation l, Site &s) const {
    PresumedLoc p = sm.getPresumedLoc(sm.getFileLoc(l));
    if (p.isValid()) s.line = p.getLine(), s.column = p.getColumn();
  }
  void addRange(const std::string &cls, CharSourceRange r, const std::string &repl, const std::string &what,
                SourceLocation at) {
    Site s;
    s.cls = cls;
    s.what = what;
    posOf(at, s);
    s.edits.push_back({sm.getFileOffset(r.getBegin()), sm.getFileOffset(r.getEnd()), repl});
    out.push_back(s);
  }
  void add(const std::string &cls, const Stmt *e, const std::string &repl, const std::string &what) {
    CharSourceRange r = fileRange(e);
    if (r.isValid()) addRange(cls, r, repl, what, e->getBeginLoc());
  }
  bool isStatement(const Expr *e) {
    auto parents = ctx.getParents(*e);
    if (parents.empty()) return false;
    if (parents[0].get<CompoundStmt>()) return true;
    const Stmt *p = parents[0].get<Stmt>();
    return p && (isa<IfStmt>(p) || isa<ForStmt>(p) || isa<WhileStmt>(p) || isa<DoStmt>(p) || isa<CaseStmt>(p) ||
                 isa<DefaultStmt>(p) || isa<ExprWithCleanups>(p));
  }
  // An address into a __shared__ variable (its atomics are block-scoped anyway).
  static bool pointsToShared(const Expr *e) {
    bool shared = false;
    std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
      if (!s || shared) return;
      if (auto *d = dyn_cast<DeclRefExpr>(s))
        if (auto *v = dyn_cast<VarDecl>(d->getDecl()); v && v->hasAttr<CUDASharedAttr>()) shared = true;
      for (const Stmt *c : s->children()) walk(c);
    };
    walk(e);
    return shared;
  }
  static std::string opcodeOf(const std::string &ins) {
    // Skip escapes, braces, labels and a predicate guard; the opcode is the first word with a dot.
    static const std::regex opRe(R"(([a-z_][a-z0-9_]*(\.[a-z0-9_:]+)+))");
    std::string s = ins;
    size_t colon = s.find(':');
    if (colon != std::string::npos && s.find("::") != colon) {
      // a label "L1:" before the instruction
      std::string head = s.substr(0, colon);
      if (head.find('.') == std::string::npos && head.find(' ') == std::string::npos) s = s.substr(colon + 1);
    }
    std::smatch m;
    size_t from = 0;
    while (std::regex_search(s.cbegin() + from, s.cend(), m, opRe)) {
      std::string w = m[1].str();
      size_t pos = from + m.position(1);
      // Not a register declaration (.reg), not part of an operand.
      if (pos > 0 && (s[pos - 1] == '%' || s[pos - 1] == '[')) {
        from = pos + w.size();
        continue;
      }
      if (w.rfind("reg.", 0) == 0) {
        from = pos + w.size();
        continue;
      }
      return w;
    }
    return "";
  }
  static std::string shorten(const std::string &t) { return t.size() > 60 ? t.substr(0, 57) + "..." : t; }

  // Does `s` read memory others write: volatile or atomic accesses, or a
  // call of a function whose inline PTX loads, probes or updates memory?
  bool readsShared(const Stmt *s, int depth = 0) const {
    if (!s) return false;
    if (auto *e = dyn_cast<Expr>(s)) {
      QualType t = e->getType();
      if (isa<DeclRefExpr>(e) || isa<MemberExpr>(e) || isa<ArraySubscriptExpr>(e) || isa<UnaryOperator>(e))
        if (t.isVolatileQualified()) return true;
    }
    if (auto *c = dyn_cast<CallExpr>(s)) {
      if (const FunctionDecl *fd = c->getDirectCallee()) {
        std::string n = fd->getNameAsString();
        if (kAtomicCalls.count(n) || n == "load" || n.rfind("__ld", 0) == 0 || n == "try_wait" || n == "test_wait" ||
            n == "try_wait_parity" || n == "test_wait_parity")
          return true;
        if (depth < 2 && fd->hasBody() && callsPtx(fd->getBody(), readOpcode, depth)) return true;
      }
    }
    if (auto *a = dyn_cast<GCCAsmStmt>(s))
      if (asmHas(a->getAsmString(), readOpcode)) return true;
    for (const Stmt *c : s->children())
      if (readsShared(c, depth)) return true;
    return false;
  }
  bool callsPtx(const Stmt *s, bool (*pred)(const std::string &), int depth) const {
    if (!s) return false;
    if (auto *a = dyn_cast<GCCAsmStmt>(s))
      if (asmHas(a->getAsmString(), pred)) return true;
    if (auto *c = dyn_cast<CallExpr>(s))
      if (const FunctionDecl *fd = c->getDirectCallee()) {
        std::string n = fd->getNameAsString();
        if (pred == syncOpcode && (kBarrierCalls.count(n) || kFenceCalls.count(n) || kAtomicCalls.count(n)))
          return true;
        if (depth < 2 && fd->hasBody() && callsPtx(fd->getBody(), pred, depth + 1)) return true;
      }
    for (const Stmt *c : s->children())
      if (callsPtx(c, pred, depth)) return true;
    return false;
  }
  bool spin(Expr *cond) {
    if (!cond || !inMain(cond->getBeginLoc()) || !readsShared(cond)) return true;
    bool any = false;
    std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
      if (!s) return;
      if (auto *b = dyn_cast<BinaryOperator>(s); b && b->isComparisonOp()) {
        const Expr *l = b->getLHS()->IgnoreParenImpCasts(), *r = b->getRHS()->IgnoreParenImpCasts();
        bool lr = readsShared(l), rr = readsShared(r);
        if (lr != rr) {
          const Expr *target = lr ? b->getRHS() : b->getLHS();
          std::string t = text(target);
          if (!t.empty() && target->getType()->isIntegerType()) {
            add("wait-target", target, "((" + t + ") + 1)", "spin-wait target '" + t + "' + 1");
            add("wait-target", target, "((" + t + ") - 1)", "spin-wait target '" + t + "' - 1");
            any = true;
          }
        }
      }
      for (const Stmt *c : s->children()) walk(c);
    };
    walk(cond);
    if (any) return true;
    // A helper compares: its other integer arguments are the target.
    std::function<void(const Stmt *)> calls = [&](const Stmt *s) {
      if (!s) return;
      if (auto *c = dyn_cast<CallExpr>(s)) {
        bool reads = false;
        for (const Expr *a : c->arguments()) reads |= readsShared(a);
        if (reads)
          for (const Expr *a : c->arguments())
            if (!readsShared(a) && a->getType()->isIntegerType() && !isa<IntegerLiteral>(a->IgnoreParenImpCasts())) {
              std::string t = text(a);
              if (t.empty()) continue;
              add("wait-target", a, "((" + t + ") + 1)", "spin-wait target '" + t + "' + 1");
              add("wait-target", a, "((" + t + ") - 1)", "spin-wait target '" + t + "' - 1");
            }
      }
      for (const Stmt *c : s->children()) calls(c);
    };
    calls(cond);
    return true;
  }
  bool isSyncStmt(const Stmt *s) const {
    if (auto *e = dyn_cast<Expr>(s)) s = e->IgnoreParenImpCasts();
    if (auto *a = dyn_cast<GCCAsmStmt>(s)) return asmHas(a->getAsmString(), syncOpcode);
    if (auto *c = dyn_cast<CallExpr>(s)) {
      const FunctionDecl *fd = c->getDirectCallee();
      if (!fd) return false;
      std::string n = fd->getNameAsString();
      if (kBarrierCalls.count(n) || kFenceCalls.count(n) || kAtomicCalls.count(n) || n == "sync" ||
          n == "arrive_and_wait" || n == "arrive")
        return true;
      if (fd->hasBody() && callsPtx(fd->getBody(), syncOpcode, 1)) return true;
    }
    return false;
  }
  // Does the statement access memory (not only locals)? Moving a barrier
  // past local arithmetic is an equivalent mutant.
  static bool touchesMemory(const Stmt *s) {
    if (!s) return false;
    if (isa<ArraySubscriptExpr>(s) || isa<GCCAsmStmt>(s) || isa<CallExpr>(s)) return true;
    if (auto *u = dyn_cast<UnaryOperator>(s); u && u->getOpcode() == UO_Deref) return true;
    if (auto *m = dyn_cast<MemberExpr>(s); m && m->isArrow()) return true;
    if (auto *d = dyn_cast<DeclRefExpr>(s))
      if (auto *v = dyn_cast<VarDecl>(d->getDecl()); v && (v->hasGlobalStorage() || v->hasAttr<CUDASharedAttr>()))
        return true;
    for (const Stmt *c : s->children())
      if (touchesMemory(c)) return true;
    return false;
  }
  bool movable(const Stmt *s) const {
    if (auto *e = dyn_cast<Expr>(s)) s = e->IgnoreParenImpCasts();
    return isa<CallExpr>(s) || isa<GCCAsmStmt>(s) || isa<BinaryOperator>(s) || isa<CompoundAssignOperator>(s) ||
           isa<UnaryOperator>(s);
  }
  CharSourceRange stmtRange(const Stmt *s) const {
    CharSourceRange r = fileRange(s);
    if (!r.isValid()) return r;
    // Up to and including the ';' after the statement.
    SourceLocation after = Lexer::findLocationAfterToken(r.getEnd().getLocWithOffset(-1), tok::semi, sm,
                                                         ctx.getLangOpts(), false);
    if (after.isInvalid()) {
      std::string rest = fileText(sm.getFileOffset(r.getEnd()), sm.getFileOffset(r.getEnd()) + 1);
      if (rest == ";") return CharSourceRange::getCharRange(r.getBegin(), r.getEnd().getLocWithOffset(1));
      return CharSourceRange();
    }
    return CharSourceRange::getCharRange(r.getBegin(), after);
  }
};

}  // namespace

MutateResult mutations(const Options &opts) {
  MutateResult res;
  if (opts.files.size() != 1) {
    res.error = "mutate takes exactly one file";
    return res;
  }
  const std::string &file = opts.files[0];
  auto buf = llvm::MemoryBuffer::getFile(file);
  if (!buf) {
    res.error = "cannot read '" + file + "'";
    return res;
  }
  std::string code = (*buf)->getBuffer().str();
  std::vector<std::string> args;
  std::string error;
  if (!compileCommand(opts, file, args, error)) {
    res.error = error;
    return res;
  }
  // compileCommand's line: the compiler first and the file among the rest.
  llvm::SmallString<256> abs(file);
  llvm::sys::fs::make_absolute(abs);
  llvm::sys::path::remove_dots(abs, true);
  std::vector<std::string> clangArgs;
  for (size_t i = 1; i < args.size(); ++i)
    if (args[i] != std::string(abs) && args[i] != file && args[i] != "-fsyntax-only") clangArgs.push_back(args[i]);
  std::string diagText;
  llvm::raw_string_ostream diagOs(diagText);
  auto ast = tooling::buildASTFromCodeWithArgs(code, clangArgs, std::string(abs), "syncproof-mutate",
                                               std::make_shared<PCHContainerOperations>());
  if (!ast || ast->getDiagnostics().hasErrorOccurred()) {
    res.error = "the CUDA source could not be parsed";
    return res;
  }
  std::vector<Site> sites;
  Finder finder(ast->getASTContext(), sites);
  finder.TraverseDecl(ast->getASTContext().getTranslationUnitDecl());
  SourceManager &sm = ast->getSourceManager();
  std::set<std::string> seen;
  for (const Site &s : sites) {
    Rewriter rw(sm, ast->getASTContext().getLangOpts());
    FileID main = sm.getMainFileID();
    SourceLocation start = sm.getLocForStartOfFile(main);
    bool ok = true;
    for (const Edit &e : s.edits)
      ok &= !rw.ReplaceText(start.getLocWithOffset(e.begin), e.end - e.begin, e.text);
    if (!ok) continue;
    std::string text;
    llvm::raw_string_ostream os(text);
    rw.getEditBuffer(main).write(os);
    os.flush();
    if (text == code || !seen.insert(text).second) continue;  // no change, or the same mutant again
    Mutation m;
    m.cls = s.cls;
    m.description = s.what;
    m.loc = {file, s.line, s.column};
    m.id = s.cls + "@" + std::to_string(s.line) + ":" + std::to_string(s.column);
    unsigned same = 0;
    for (const Mutation &o : res.mutations) same += o.id.rfind(m.id, 0) == 0;
    if (same) m.id += "#" + std::to_string(same + 1);
    m.text = std::move(text);
    res.mutations.push_back(std::move(m));
  }
  res.ok = true;
  return res;
}

}  // namespace syncproof::frontend
