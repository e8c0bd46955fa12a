// Launch sites in host code (docs/spec-format.md "Launches in the host code"):
// `k<<<grid, block, smem, stream>>>(args)`, cudaLaunchKernel and
// cudaLaunchCooperativeKernel in the functions of the translation unit. A
// launch's shape is read when grid and block are constants of the
// translation unit: integer constant expressions, dim3(...) of them, or a
// local dim3 variable initialised so and used by nothing but launches.
#include "frontend/internal.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <set>

namespace syncproof::frontend {

using namespace clang;

namespace {

// Uses of local variables, to tell a dim3 that is only read by launches from
// one that the code may change after its initialiser.
struct VarUses : RecursiveASTVisitor<VarUses> {
  std::map<const VarDecl *, unsigned> all;
  bool VisitDeclRefExpr(DeclRefExpr *e) {
    if (const auto *v = dyn_cast<VarDecl>(e->getDecl())) ++all[v];
    return true;
  }
};

class LaunchReader {
public:
  LaunchReader(ASTContext &ctx, const std::map<std::string, std::string> &names) : ctx(ctx), names(names) {}

  model::SourceLoc loc(SourceLocation l) const {
    model::SourceLoc r;
    const SourceManager &sm = ctx.getSourceManager();
    if (l.isInvalid()) return r;
    PresumedLoc p = sm.getPresumedLoc(sm.getFileLoc(l));
    if (p.isInvalid()) return r;
    r.file = p.getFilename();
    if (auto dn = names.find(r.file); dn != names.end()) r.file = dn->second;
    r.line = p.getLine();
    r.column = p.getColumn();
    return r;
  }

  // An integer constant of the translation unit.
  std::optional<int64_t> integer(const Expr *e) const {
    if (!e || e->isValueDependent() || e->isTypeDependent()) return std::nullopt;
    if (const auto *d = dyn_cast<CXXDefaultArgExpr>(e)) return integer(d->getExpr());
    Expr::EvalResult r;
    if (!e->EvaluateAsInt(r, ctx)) return std::nullopt;
    return r.Val.getInt().getExtValue();
  }

  // A dim3 (or an integer converted to one). `uses`: the uses of the
  // function's local variables; `launchUses`: those by launch configurations.
  bool dim3(const Expr *e, uint64_t out[3], std::string &why) const {
    e = e->IgnoreParenImpCasts();
    if (const auto *m = dyn_cast<MaterializeTemporaryExpr>(e)) return dim3(m->getSubExpr(), out, why);
    if (const auto *b = dyn_cast<CXXBindTemporaryExpr>(e)) return dim3(b->getSubExpr(), out, why);
    if (const auto *f = dyn_cast<CXXFunctionalCastExpr>(e)) return dim3(f->getSubExpr(), out, why);
    if (const auto *c = dyn_cast<CXXConstructExpr>(e)) {
      const CXXConstructorDecl *ctor = c->getConstructor();
      if ((ctor->isCopyConstructor() || ctor->isMoveConstructor()) && c->getNumArgs() == 1)
        return dim3(c->getArg(0), out, why);
      if (c->getNumArgs() > 3) return fail(e, why);
      for (unsigned i = 0; i < 3; ++i) out[i] = 1;
      for (unsigned i = 0; i < c->getNumArgs(); ++i) {
        std::optional<int64_t> v = integer(c->getArg(i));
        if (!v || *v < 0 || *v > 0xffffffffll) return fail(c->getArg(i), why);
        out[i] = (uint64_t)*v;
      }
      return true;
    }
    if (const auto *d = dyn_cast<DeclRefExpr>(e)) {
      const auto *v = dyn_cast<VarDecl>(d->getDecl());
      if (v && v->hasLocalStorage() && v->getInit()) {
        auto all = uses.find(v);
        auto fromLaunches = launchUses.find(v);
        if (all != uses.end() && fromLaunches != launchUses.end() && all->second == fromLaunches->second)
          return dim3(v->getInit(), out, why);
        why = "'" + v->getNameAsString() + "' is used other than by launches (it may change after its initialiser)";
        return false;
      }
    }
    if (std::optional<int64_t> v = integer(e); v && *v >= 0 && *v <= 0xffffffffll) {
      out[0] = (uint64_t)*v;
      out[1] = out[2] = 1;
      return true;
    }
    return fail(e, why);
  }

  bool fail(const Expr *e, std::string &why) const {
    const SourceManager &sm = ctx.getSourceManager();
    CharSourceRange r = CharSourceRange::getTokenRange(e->getSourceRange());
    std::string text = Lexer::getSourceText(r, sm, ctx.getLangOpts()).str();
    why = "'" + (text.empty() ? std::string("?") : text) + "' is not a constant";
    return false;
  }

  // Uses of the current host function's local variables.
  std::map<const VarDecl *, unsigned> uses, launchUses;

private:
  ASTContext &ctx;
  const std::map<std::string, std::string> &names;
};

// The kernel a launch API call names: `k`, `&k`, `(void *)k`, `(const void *)&k`.
const FunctionDecl *kernelNamed(const Expr *e, std::set<const DeclRefExpr *> *recognised) {
  e = e->IgnoreParenCasts();
  if (const auto *u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_AddrOf)
    e = u->getSubExpr()->IgnoreParenCasts();
  if (const auto *d = dyn_cast<DeclRefExpr>(e))
    if (const auto *f = dyn_cast<FunctionDecl>(d->getDecl()); f && f->hasAttr<CUDAGlobalAttr>()) {
      recognised->insert(d);
      return f;
    }
  return nullptr;
}

class LaunchCollector : public RecursiveASTVisitor<LaunchCollector> {
public:
  LaunchCollector(ASTContext &ctx, const std::map<std::string, std::string> &names, HostLaunchMap &out,
                  std::vector<std::pair<std::string, std::string>> &symbolWrites)
      : symbolWrites(symbolWrites), reader(ctx, names), ctx(ctx), out(out) {}
  std::vector<std::pair<std::string, std::string>> &symbolWrites;
  // The current host function's local variables whose device memory its
  // code fills, with what does it.
  std::map<const VarDecl *, std::vector<std::string>> filled;
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseFunctionDecl(FunctionDecl *fd) {
    if (!fd->doesThisDeclarationHaveABody() || fd->isDependentContext() || fd->hasAttr<CUDAGlobalAttr>() ||
        (fd->hasAttr<CUDADeviceAttr>() && !fd->hasAttr<CUDAHostAttr>()) ||
        ctx.getSourceManager().isInSystemHeader(fd->getLocation()))
      return RecursiveASTVisitor::TraverseFunctionDecl(fd);
    // Count the uses of local variables, and those by launch configurations.
    VarUses all;
    all.TraverseStmt(fd->getBody());
    reader.uses = all.all;
    reader.launchUses.clear();
    struct ConfigUses : RecursiveASTVisitor<ConfigUses> {
      std::map<const VarDecl *, unsigned> *counts;
      void inConfig(const Expr *e) {
        VarUses u;
        u.TraverseStmt(const_cast<Expr *>(e));
        for (auto &[v, n] : u.all) (*counts)[v] += n;
      }
      bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *k) {
        if (const CallExpr *cfg = k->getConfig())
          for (unsigned i = 0; i < cfg->getNumArgs() && i < 2; ++i) inConfig(cfg->getArg(i));
        return true;
      }
      bool VisitCallExpr(CallExpr *c) {
        if (isa<CUDAKernelCallExpr>(c)) return true;
        const FunctionDecl *callee = c->getDirectCallee();
        if (!callee) return true;
        std::string n = callee->getNameAsString();
        if ((n == "cudaLaunchKernel" || n == "cudaLaunchCooperativeKernel") && c->getNumArgs() >= 3)
          for (unsigned i = 1; i < 3; ++i) inConfig(c->getArg(i));
        return true;
      }
    } cu;
    cu.counts = &reader.launchUses;
    cu.TraverseStmt(fd->getBody());
    // What the function's host code writes into device memory: the memory
    // of a launch's pointer argument may then not hold 0 at launch.
    struct Fills : RecursiveASTVisitor<Fills> {
      LaunchCollector *self;
      // A __managed__ variable the host code assigns.
      bool VisitBinaryOperator(BinaryOperator *b) {
        if (!b->isAssignmentOp()) return true;
        const Expr *lhs = b->getLHS()->IgnoreParenCasts();
        if (const auto *a = dyn_cast<ArraySubscriptExpr>(lhs)) lhs = a->getBase()->IgnoreParenCasts();
        if (const auto *m = dyn_cast<MemberExpr>(lhs)) lhs = m->getBase()->IgnoreParenCasts();
        const auto *d = dyn_cast<DeclRefExpr>(lhs);
        const auto *v = d ? dyn_cast<VarDecl>(d->getDecl()) : nullptr;
        if (v && v->hasAttr<CUDADeviceAttr>() && !v->hasLocalStorage()) {
          model::SourceLoc at = self->reader.loc(b->getBeginLoc());
          self->symbolWrites.push_back({v->getNameAsString(), "an assignment at " + at.file + ":" + std::to_string(at.line)});
        }
        return true;
      }
      bool VisitCallExpr(CallExpr *c) {
        const FunctionDecl *callee = c->getDirectCallee();
        if (!callee || c->getNumArgs() < 2) return true;
        std::string n = callee->getNameAsString();
        bool memset = n.rfind("cudaMemset", 0) == 0, copy = n.rfind("cudaMemcpy", 0) == 0;
        if (!memset && !copy) return true;
        if (memset && n.find("2D") == std::string::npos && n.find("3D") == std::string::npos) {
          std::optional<int64_t> v = self->reader.integer(c->getArg(1));
          if (v && *v == 0) return true;  // zeroes it
        }
        const Expr *dst = c->getArg(0)->IgnoreParenCasts();
        if (const auto *u = dyn_cast<UnaryOperator>(dst); u && u->getOpcode() == UO_AddrOf)
          dst = u->getSubExpr()->IgnoreParenCasts();
        const auto *d = dyn_cast<DeclRefExpr>(dst);
        const auto *v = d ? dyn_cast<VarDecl>(d->getDecl()) : nullptr;
        if (!v) return true;
        model::SourceLoc at = self->reader.loc(c->getBeginLoc());
        std::string what = n + " at " + at.file + ":" + std::to_string(at.line);
        if (v->hasAttr<CUDADeviceAttr>() && !v->hasLocalStorage())
          self->symbolWrites.push_back({v->getNameAsString(), what});
        else
          self->filled[v].push_back(what);
        return true;
      }
    } fills;
    fills.self = this;
    filled.clear();
    fills.TraverseStmt(fd->getBody());
    return RecursiveASTVisitor::TraverseFunctionDecl(fd);
  }

  // Any other use of a kernel's name (a function pointer, cudaLaunchKernelEx,
  // a graph node, a launcher in another file) may launch it with another
  // shape: its launches are then not the contract.
  bool VisitDeclRefExpr(DeclRefExpr *e) {
    const auto *f = dyn_cast<FunctionDecl>(e->getDecl());
    if (!f || !f->hasAttr<CUDAGlobalAttr>() || recognised.count(e)) return true;
    if (ctx.getSourceManager().isInSystemHeader(ctx.getSourceManager().getFileLoc(e->getLocation()))) return true;
    model::HostLaunch l;
    l.loc = reader.loc(e->getLocation());
    l.why = "its name is used other than in a launch this reads (a function pointer, cudaLaunchKernelEx, a graph "
            "node, a launcher elsewhere), which may launch it with another shape";
    out[f->getCanonicalDecl()].push_back(l);
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *k) {
    if (const auto *d = dyn_cast<DeclRefExpr>(k->getCallee()->IgnoreParenImpCasts())) recognised.insert(d);
    const FunctionDecl *kernel = k->getDirectCallee();
    const CallExpr *cfg = k->getConfig();
    if (!kernel || !cfg) return true;
    model::HostLaunch l;
    l.loc = reader.loc(k->getBeginLoc());
    read(l, cfg->getNumArgs() > 0 ? cfg->getArg(0) : nullptr, cfg->getNumArgs() > 1 ? cfg->getArg(1) : nullptr,
         cfg->getNumArgs() > 2 ? cfg->getArg(2) : nullptr);
    for (unsigned i = 0; i < k->getNumArgs() && i < kernel->getNumParams(); ++i) {
      const ParmVarDecl *p = kernel->getParamDecl(i);
      if (const auto *d = dyn_cast<DeclRefExpr>(k->getArg(i)->IgnoreParenCasts()))
        if (auto f = filled.find(dyn_cast<VarDecl>(d->getDecl())); f != filled.end())
          for (const std::string &what : f->second) l.hostWrittenArgs.push_back({p->getNameAsString(), what});
      if (!p->getType()->isIntegerType()) continue;
      if (std::optional<int64_t> v = reader.integer(k->getArg(i))) l.constantArgs.push_back({p->getNameAsString(), *v});
    }
    out[kernel->getCanonicalDecl()].push_back(l);
    return true;
  }

  bool VisitCallExpr(CallExpr *c) {
    if (isa<CUDAKernelCallExpr>(c)) return true;
    const FunctionDecl *callee = c->getDirectCallee();
    if (!callee || c->getNumArgs() < 3) return true;
    std::string n = callee->getNameAsString();
    if (n != "cudaLaunchKernel" && n != "cudaLaunchCooperativeKernel") return true;
    const FunctionDecl *kernel = kernelNamed(c->getArg(0), &recognised);
    if (!kernel) return true;
    model::HostLaunch l;
    l.loc = reader.loc(c->getBeginLoc());
    l.cooperative = n == "cudaLaunchCooperativeKernel";
    read(l, c->getArg(1), c->getArg(2), c->getNumArgs() > 4 ? c->getArg(4) : nullptr);
    // (The arguments go through an array of addresses: any memory the
    // function fills may be any pointer argument's.)
    for (const ParmVarDecl *p : kernel->parameters())
      if (p->getType()->isPointerType())
        for (const auto &[v, whats] : filled)
          for (const std::string &what : whats) l.hostWrittenArgs.push_back({p->getNameAsString(), what});
    out[kernel->getCanonicalDecl()].push_back(l);
    return true;
  }

  LaunchReader reader;

private:
  void read(model::HostLaunch &l, const Expr *grid, const Expr *block, const Expr *smem) {
    std::string why;
    l.known = grid && block && reader.dim3(grid, l.grid, why) && reader.dim3(block, l.block, why);
    if (!grid || !block) why = "no grid or block";
    if (!l.known) l.why = why;
    if (smem) {
      if (std::optional<int64_t> v = reader.integer(smem); v && *v >= 0) l.dynamicSmem = (uint64_t)*v;
      else if (l.known) {
        l.known = false;
        l.why = "the dynamic shared memory size is not a constant";
      }
    }
  }

  ASTContext &ctx;
  HostLaunchMap &out;
  std::set<const DeclRefExpr *> recognised;  // kernel names in the launches read
};

}  // namespace

void collectHostLaunches(ASTContext &ctx, const std::map<std::string, std::string> &names, HostLaunchMap &out,
                         std::vector<std::pair<std::string, std::string>> &symbolWrites) {
  LaunchCollector c(ctx, names, out, symbolWrites);
  c.TraverseDecl(ctx.getTranslationUnitDecl());
}

}  // namespace syncproof::frontend
