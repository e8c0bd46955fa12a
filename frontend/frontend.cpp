// The only translation unit of syncproof that includes Clang.
//
// Walks every __global__ function (template instantiations included) and
// lowers its body into the model: device functions are inlined, loops and
// branches kept, memory accesses turned into Access nodes with symbolic byte
// offsets, synchronization into Barrier nodes. Every construct it does not
// model becomes an Unknown node with its location and reason (or, for values,
// a Havoc expression: an arbitrary value is a sound over-approximation).
#include "frontend/frontend.h"
#include "frontend/internal.h"
#include "model/loop_tests.h"
#include "model/polling.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <functional>
#include <deque>
#include <map>
#include <mutex>
#include <regex>
#include <set>

using namespace clang;
namespace m = syncproof::model;

namespace syncproof::frontend {
namespace {

using m::Expr;
using m::ExprRef;
using m::Op;
using m::Stmt;
using m::StmtRef;

// ------------------------------------------------------------------ values

// The result of evaluating a C expression.
struct Value {
  enum class Kind { None, Int, Ptr, Group } kind = Kind::None;
  ExprRef e;            // Int
  int region = -1;      // Ptr: -1 = unknown region; -2 = thread-private memory
  ExprRef off;          // Ptr: byte offset (64-bit)
  int group = 0;        // Group: cooperative-groups object (see GroupKind)
  unsigned groupSize = 0;
  // Group (a tile): what it was partitioned from: 0 the block, else the
  // parent tile's size; ~0u not known.
  unsigned groupParent = ~0u;
  // Ptr with an integer type: the address region + off as an integer
  // (reinterpret_cast<uintptr_t>(p)), kept through + - and alignment masks;
  // any other use is an arbitrary integer.
  bool addr = false;
  // Ptr into a region that may also be null (`t ? s : nullptr`, a pointer
  // variable that was assigned null): its truth value is not known.
  bool maybeNull = false;
  // Ptr: the null pointer and nothing else (`nullptr`, `0`, a parameter of an
  // inlined call that received null and is never modified): false as a truth
  // value.
  bool null = false;
  // Ptr into one of several regions, chosen by conditions (`k == 0 ? kc : vc`,
  // a helper that returns different buffers): the alternatives, exhaustive,
  // the first whose condition holds is the one. `region` is then -1, so code
  // that does not know them treats the pointer as unknown.
  struct Alt {
    ExprRef cond;
    int region;
    ExprRef off;
  };
  std::shared_ptr<const std::vector<Alt>> alts;

  static Value none() { return {}; }
  static Value integer(ExprRef e) { Value v; v.kind = Kind::Int; v.e = std::move(e); return v; }
  static Value pointer(int region, ExprRef off) {
    Value v; v.kind = Kind::Ptr; v.region = region; v.off = std::move(off); return v;
  }
  static Value choice(std::vector<Alt> alts) {
    Value v = pointer(-1, alts.front().off);
    v.alts = std::make_shared<const std::vector<Alt>>(std::move(alts));
    return v;
  }
  // The alternatives of a pointer into a known region or a choice (empty:
  // neither).
  std::vector<Alt> altsOf() const {
    if (kind != Kind::Ptr || addr || maybeNull) return {};
    if (alts) return *alts;
    if (region >= 0) return {Alt{Expr::boolean(true), region, off}};
    return {};
  }
  static Value nullPointer() {
    Value v = pointer(-2, Expr::constant(0, 64));
    v.null = true;
    return v;
  }
};

enum GroupKind { GroupBlock = 1, GroupTile = 2, GroupGrid = 3, GroupOther = 4 };

struct Binding;
// Arrays inside a by-value parameter struct are bound element by element up
// to this many elements (larger ones stay `Other`: not modelled).
constexpr uint64_t kMaxParamArrayElements = 64;
// A pointer chooses among at most this many regions (Value::alts).
constexpr size_t kMaxPointerAlts = 8;

// Whether evaluating an expression reads memory: a load of anything but a
// local variable or parameter, or a call.
static bool readsMemory(const clang::Expr *e) {
  if (!e) return false;
  // A call, or a GNU statement expression (its statements are not children
  // that are expressions: `({ int w = s[i]; w; })`).
  if (isa<CallExpr>(e) || isa<StmtExpr>(e)) return true;
  if (const auto *ic = dyn_cast<ImplicitCastExpr>(e); ic && ic->getCastKind() == CK_LValueToRValue) {
    const clang::Expr *sub = ic->getSubExpr()->IgnoreParens();
    const auto *dr = dyn_cast<DeclRefExpr>(sub);
    const auto *vd = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
    if (!vd || !vd->hasLocalStorage() || vd->getType()->isReferenceType()) return true;
  }
  for (const clang::Stmt *ch : e->children())
    if (const auto *ce = dyn_cast_or_null<clang::Expr>(ch); ce && readsMemory(ce)) return true;
  return false;
}

// The class of an object of type t, of its elements if t is an array, of
// what it refers to if t is a reference (its definition; null: no class).
static const CXXRecordDecl *recordOf(QualType t) {
  t = t.getNonReferenceType().getCanonicalType();
  while (const auto *at = dyn_cast<clang::ArrayType>(t.getTypePtr())) t = at->getElementType().getCanonicalType();
  const CXXRecordDecl *rd = t->getAsCXXRecordDecl();
  return rd && rd->hasDefinition() ? rd->getDefinition() : nullptr;
}

// Whether a member of the class, of its bases or of its members' classes
// has a type that `bad` names (lambdas' closures are skipped when asked:
// their by-reference captures are modelled, calls are inlined with the
// captured variables' bindings; with `userOnly`, classes declared in system
// headers are not looked into).
static bool anyMember(const CXXRecordDecl *rd, bool (*bad)(QualType), bool skipLambdas,
                      const SourceManager *userOnly = nullptr) {
  if (!rd || (skipLambdas && rd->isLambda()) || (userOnly && userOnly->isInSystemHeader(rd->getLocation())))
    return false;
  for (const CXXBaseSpecifier &b : rd->bases())
    if (anyMember(recordOf(b.getType()), bad, skipLambdas, userOnly)) return true;
  for (const FieldDecl *f : rd->fields()) {
    QualType ft = f->getType().getCanonicalType();
    while (const auto *at = dyn_cast<clang::ArrayType>(ft.getTypePtr())) ft = at->getElementType().getCanonicalType();
    if (bad(ft) || anyMember(recordOf(ft), bad, skipLambdas, userOnly)) return true;
  }
  return false;
}

// An inline-PTX address operand "[%N]" or "[%N+imm]" (spaces allowed): the
// operand number and the byte offset; nullopt for anything else.
static std::optional<std::pair<unsigned, uint64_t>> asmAddress(const std::string &op) {
  static const std::regex form(R"(^\[\s*%(\d+)\s*(?:\+\s*(0[xX][0-9a-fA-F]+|\d+)\s*)?\]$)");
  std::smatch m;
  if (!std::regex_match(op, m, form)) return std::nullopt;
  uint64_t imm = m[2].matched ? strtoull(m[2].str().c_str(), nullptr, 0) : 0;
  return std::make_pair((unsigned)std::stoul(m[1].str()), imm);
}

// The object a member call is made on (`o.f()`, `o[i]`; null: not a
// member call).
static const clang::Expr *memberObject(const CallExpr *c, const FunctionDecl *fd) {
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(c)) return mc->getImplicitObjectArgument();
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(c); oc && isa<CXXMethodDecl>(fd) && oc->getNumArgs() > 0)
    return oc->getArg(0);
  return nullptr;
}

// Whether a class (or a member or base of it) has a reference member.
static bool hasReferenceMember(QualType t) {
  return anyMember(recordOf(t), [](QualType ft) { return ft->isReferenceType(); }, true);
}

// A derived-to-base or base-to-derived conversion that moves the address (a
// base that is not at offset 0: multiple inheritance; or a virtual base).
struct BaseOffsetFinder : RecursiveASTVisitor<BaseOffsetFinder> {
  const ASTContext &ctx;
  SourceLocation found;
  explicit BaseOffsetFinder(const ASTContext &c) : ctx(c) {}
  bool VisitCastExpr(CastExpr *ce) {
    CastKind k = ce->getCastKind();
    if (k != CK_DerivedToBase && k != CK_UncheckedDerivedToBase && k != CK_BaseToDerived) return true;
    QualType from = k == CK_BaseToDerived ? ce->getType() : ce->getSubExpr()->getType();
    if (from->isPointerType()) from = from->getPointeeType();
    const CXXRecordDecl *cur = from->getAsCXXRecordDecl();
    for (const CXXBaseSpecifier *b : ce->path()) {
      if (!cur || b->isVirtual()) { found = ce->getBeginLoc(); return false; }
      const CXXRecordDecl *base = b->getType()->getAsCXXRecordDecl();
      if (!base || ctx.getASTRecordLayout(cur).getBaseClassOffset(base).getQuantity() != 0) {
        found = ce->getBeginLoc();
        return false;
      }
      cur = base;
    }
    return true;
  }
};

// Whether destroying an object of this class does nothing the checks would
// see: a trivial destructor, one from a system header (libcu++, CUDA types:
// assumed to synchronize nothing), or a user-provided one with an empty body
// whose members and bases are such too.
static bool destructorIsNoop(const CXXRecordDecl *rd, const SourceManager &sm) {
  if (!rd || !rd->hasDefinition()) return true;
  rd = rd->getDefinition();
  if (rd->hasTrivialDestructor()) return true;
  if (sm.isInSystemHeader(rd->getLocation())) return true;
  if (const CXXDestructorDecl *d = rd->getDestructor(); d && d->isUserProvided()) {
    const FunctionDecl *def = nullptr;
    if (!d->hasBody(def)) return false;
    const auto *body = dyn_cast_or_null<CompoundStmt>(def->getBody());
    if (!body || !body->body_empty()) return false;
  }
  for (const CXXBaseSpecifier &b : rd->bases())
    if (!destructorIsNoop(recordOf(b.getType()), sm)) return false;
  for (const FieldDecl *f : rd->fields())
    if (!f->getType()->isReferenceType() && !destructorIsNoop(recordOf(f->getType()), sm)) return false;
  return true;
}

// Whether an implicitly defined constructor of this class runs code the
// checks would see: a default member initializer with side effects, or a
// member's or base's user-written constructor (any of them: over-approximate).
static bool implicitInitHasEffects(const CXXRecordDecl *rd, const ASTContext &ctx, const SourceManager &sm) {
  if (!rd || !rd->hasDefinition()) return false;
  rd = rd->getDefinition();
  if (sm.isInSystemHeader(rd->getLocation())) return false;
  for (const CXXConstructorDecl *c : rd->ctors())
    if (c->isUserProvided() && !c->isTrivial()) return true;
  for (const CXXBaseSpecifier &b : rd->bases())
    if (implicitInitHasEffects(recordOf(b.getType()), ctx, sm)) return true;
  for (const FieldDecl *f : rd->fields()) {
    if (f->hasInClassInitializer() && f->getInClassInitializer() && f->getInClassInitializer()->HasSideEffects(ctx))
      return true;
    if (!f->getType()->isReferenceType() && implicitInitHasEffects(recordOf(f->getType()), ctx, sm)) return true;
  }
  return false;
}

// Whether a library class holds pointers or references (its const members
// may read memory through them: span, mdspan, annotated pointers).
static bool holdsIndirection(const CXXRecordDecl *rd) {
  return anyMember(rd && rd->hasDefinition() ? rd->getDefinition() : nullptr,
                   [](QualType ft) { return ft->isPointerType() || ft->isReferenceType() || ft->isMemberPointerType(); },
                   false);
}

// An lvalue.
struct Place {
  enum class Kind { Invalid, Var, PtrVar, Mem, Private, Param, Group, Element } kind = Kind::Invalid;
  std::vector<int> elems;  // Element: the variables of a local array's elements
  ExprRef index;           // Element: which one
  std::shared_ptr<std::vector<int>> elemRegions;  // Element of an array of pointers: Binding::elemRegions
  int var = -1;        // Var / PtrVar (offset variable)
  unsigned width = 32;
  bool isSigned = true;
  int region = -1;     // Mem / PtrVar
  ExprRef off;         // Mem: byte offset
  unsigned size = 0;   // Mem: bytes
  std::string text;    // source text, for messages
  int param = -1;      // Param (scalar, read-only in practice)
  Value group;         // Group
  const ValueDecl *decl = nullptr;  // PtrVar: the declaration (its region may be set on first store)
  Binding *binding = nullptr;       // PtrVar of a struct field: its binding (the same)
  bool isVolatile = false;  // Mem: a volatile lvalue (relaxed, system scope)
  bool bitField = false;    // Mem: a bit-field (the access covers its run of bit-fields; no value is known)
  // Mem through a pointer into one of several regions (Value::alts): region
  // -1, the alternatives with their offsets (the access is made in each, under
  // its condition).
  std::shared_ptr<const std::vector<Value::Alt>> alts;
};

// How a declaration is bound in the current scope.
struct Binding {
  enum class Kind { Var, PtrVar, Region, Param, PtrParam, Private, RefPlace, Group, Struct, LocalArray, ParamArray } kind = Kind::Private;
  std::vector<int> elems;  // LocalArray: one variable per element
  int id = -1;       // var id / region id / param id
  // Var: the constant it holds for its whole scope (a parameter of an inlined
  // call that receives a constant and is never modified), read as that.
  ExprRef constant;
  unsigned width = 32;
  bool isSigned = true;
  int region = -1;   // PtrVar: region it points into (-1 unknown, -3 not yet assigned)
  bool addr = false; // PtrVar: an integer variable holding an address (Value::addr)
  bool maybeNull = false;  // PtrVar: null (or a private address) may have been stored
  bool null = false;       // PtrVar: holds the null pointer and nothing else (Value::null)
  // PtrVar: a pointer field of a const kernel parameter struct: it is null or
  // not for the whole launch (`nonnull(p.w)`), never re-assigned.
  bool constParamField = false;
  // PtrVar pointing into one of several regions (Value::alts): region -1,
  // `tag` holds the index of the alternative, `altRegions[i]` and `altOffs[i]`
  // its region and offset variable. Never re-assigned (a store is unknown).
  int tag = -1;
  std::vector<int> altRegions, altOffs;
  // LocalArray of pointers: the region each element points into (shared by
  // the references to the array; -3 until the first store, -1 unknown).
  std::shared_ptr<std::vector<int>> elemRegions;
  Place place;       // RefPlace
  Value group;       // Group
  // Struct: a by-value aggregate (kernel parameter structs) whose fields are
  // bound one by one.
  std::shared_ptr<std::map<const FieldDecl *, Binding>> fields;
  // ParamArray: an array inside a by-value parameter struct (`p.lay.layer[16]`),
  // one binding per element (parameters `p.lay.layer[3].wo`, ...).
  std::shared_ptr<std::vector<Binding>> items;
};

struct LoopLabels { int breakLabel, continueLabel; };

// The region of an array of pointers after storing `v` into an element: the
// first store fixes it (-3 before); a pointer into another region, or a value
// that is no pointer into a known region, makes it unknown (-1).
void joinElementRegion(int &region, const Value &v) {
  int r = v.kind == Value::Kind::Ptr && !v.addr ? v.region : -1;
  if (region == -3) region = r;
  else if (region != r) region = -1;
}

struct InlineFrame {
  const FunctionDecl *fn = nullptr;
  int returnLabel = -1;
  int resultVar = -1;         // for scalar results
  Binding resultBinding;      // for pointer results
  // Pointer results into several regions (Value::alts): an offset variable
  // per region the returns use (the first region's is resultBinding.id) and
  // a tag, made by the first return that needs it (-1: none); altsOk false
  // once a return is neither a known region nor a choice.
  int altTag = -1;
  std::vector<int> altRegions, altOffs;
  bool altsOk = true;
  bool hasResult = false;
  // A struct of integers returned by value: its fields, one variable each
  // (the returns fill them; KernelBuilder::initStruct reads them).
  std::optional<Binding> structResult;
  bool pointerResult = false;
  bool referenceResult = false;  // (with pointerResult: the address of the object the reference names)
  std::map<const ValueDecl *, Binding> scope;
  Value thisValue;            // member functions: the object
  bool hasThis = false;
  // A method called on a local struct held field by field
  // (plainLocalAggregate): `this->f` is that struct's field variable.
  std::optional<Binding> thisStruct;
};

unsigned intWidth(const ASTContext &ctx, QualType t) {
  t = t.getCanonicalType();
  if (t->isBooleanType()) return 1;
  return (unsigned)ctx.getTypeSize(t);
}

bool isIntLike(QualType t) {
  t = t.getCanonicalType();
  return t->isIntegralOrEnumerationType();
}

// ------------------------------------------------------------ kernel builder

class KernelBuilder {
public:
  KernelBuilder(ASTContext &ctx, const FunctionDecl *kernel, const std::map<std::string, std::string> &names,
                const std::map<std::string, Options::Contents> &memory)
      : ctx(ctx), sm(ctx.getSourceManager()), kernelDecl(kernel), displayNames(names), memory(memory) {}

  m::Kernel build();

private:
  void recordPageMaps();
  ASTContext &ctx;
  SourceManager &sm;
  const FunctionDecl *kernelDecl;
  const std::map<std::string, std::string> &displayNames;  // absolute path -> path as the user gave it
  const std::map<std::string, Options::Contents> &memory;   // contents the contract gives, by parameter name
  m::Kernel k;
  StmtRef current;  // the Block being filled
  std::vector<LoopLabels> loops;
  std::vector<InlineFrame> frames;
  std::map<const VarDecl *, int> staticRegions;  // __shared__/__device__/__constant__ vars
  int dynamicSharedRegion = -1;
  std::map<const ParmVarDecl *, Binding> kernelParams;

  // -------------------------------------------------------------- helpers
  m::SourceLoc loc(SourceLocation l) {
    m::SourceLoc r;
    if (l.isInvalid()) return r;
    // Inside macros, point at the user's expansion site.
    l = sm.getFileLoc(l);
    PresumedLoc p = sm.getPresumedLoc(l);
    if (p.isInvalid()) return r;
    r.file = p.getFilename();
    auto dn = displayNames.find(r.file);
    if (dn != displayNames.end()) r.file = dn->second;
    r.line = p.getLine();
    r.column = p.getColumn();
    return r;
  }
  // Location for nodes that may sit in inlined helpers from system headers:
  // the innermost location that is in user code (the call site).
  SourceLocation userLoc(SourceLocation l) {
    if (l.isValid() && !sm.isInSystemHeader(sm.getFileLoc(l))) return l;
    for (auto it = callSites.rbegin(); it != callSites.rend(); ++it)
      if (it->isValid() && !sm.isInSystemHeader(sm.getFileLoc(*it))) return *it;
    return l;
  }
  std::vector<SourceLocation> callSites;

  std::string text(const clang::Stmt *s) {
    CharSourceRange r = CharSourceRange::getTokenRange(s->getSourceRange());
    r = Lexer::makeFileCharRange(r, sm, ctx.getLangOpts());
    if (r.isInvalid()) return "";
    std::string t = Lexer::getSourceText(r, sm, ctx.getLangOpts()).str();
    // Collapse whitespace.
    std::string out;
    bool space = false;
    for (char c : t) {
      if (c == '\n' || c == '\t' || c == ' ') { space = true; continue; }
      if (space && !out.empty()) out += ' ';
      space = false;
      out += c;
    }
    return out.size() > 80 ? out.substr(0, 77) + "..." : out;
  }

  void emit(StmtRef s) { current->stmts.push_back(std::move(s)); }

  StmtRef newBlock(m::SourceLoc l = {}) { return Stmt::make(Stmt::Kind::Block, l); }

  void unknown(SourceLocation l, std::string reason) {
    auto s = Stmt::make(Stmt::Kind::Unknown, loc(userLoc(l)));
    s->reason = std::move(reason);
    emit(s);
  }

  ExprRef havoc(unsigned width, std::string note) {
    return Expr::havoc(k.nextHavoc++, width, std::move(note));
  }

  int newVar(std::string name, unsigned width, bool isSigned, SourceLocation l) {
    m::Variable v;
    v.name = std::move(name);
    v.width = width;
    v.isSigned = isSigned;
    v.loc = loc(l);
    k.vars.push_back(v);
    return (int)k.vars.size() - 1;
  }

  // The value `v` as it is now, in a variable of its own when it reads variables: an expression
  // reads them where it is used, after whatever the rest of the expression assigns (`k++`'s old
  // value, the left operand of `<<` or `&&` before the right one's assignments).
  // The copy is emitted now, or inserted at `at` of the current block (before statements emitted
  // since, which `assignsAnyOf` found to assign what the value reads).
  Value keepValue(Value v, const std::string &what, bool isSigned, SourceLocation l,
                  std::optional<size_t> at = std::nullopt) {
    ExprRef *slot = v.kind == Value::Kind::Int && !v.e->isConst()                  ? &v.e
                    : v.kind == Value::Kind::Ptr && v.off && !v.off->isConst() ? &v.off
                                                                               : nullptr;
    if (!slot) return v;
    unsigned w = (*slot)->width;
    int tv = newVar(what, w, v.kind == Value::Kind::Int && isSigned, l);
    auto s = Stmt::make(Stmt::Kind::Assign, loc(userLoc(l)));
    s->var = tv;
    s->value = *slot;
    if (at) current->stmts.insert(current->stmts.begin() + (std::ptrdiff_t)*at, s);
    else emit(s);
    *slot = Expr::var(tv, w);
    return v;
  }
  // Whether statements (and what they contain) assign a variable the value reads.
  static void varsRead(const m::Expr &e, std::set<int> &out) {
    if (e.kind == m::Expr::Kind::Var) out.insert(e.id);
    for (const ExprRef &a : e.args)
      if (a) varsRead(*a, out);
  }
  static bool assignsAnyOf(const std::vector<StmtRef> &stmts, size_t from, const Value &v) {
    std::set<int> vars;
    if (v.kind == Value::Kind::Int && v.e) varsRead(*v.e, vars);
    if (v.kind == Value::Kind::Ptr && v.off) varsRead(*v.off, vars);
    if (vars.empty()) return false;
    bool hit = false;
    for (size_t i = from; i < stmts.size() && !hit; ++i)
      m::forEachStmt(*stmts[i], [&](const m::Stmt &x) {
        if ((x.var >= 0 && vars.count(x.var)) || (x.resultVar >= 0 && vars.count(x.resultVar))) hit = true;
      });
    return hit;
  }
  // An expression whose value nobody uses (a statement, a for-increment): `k++` there needs no
  // copy of the old value.
  const clang::Expr *discardedResult = nullptr;
  Value evalDiscarded(const clang::Expr *e) {
    const clang::Expr *saved = discardedResult;
    discardedResult = e->IgnoreParenCasts();
    Value v = eval(e);
    discardedResult = saved;
    return v;
  }

  void assign(int var, ExprRef value, SourceLocation l) {
    auto s = Stmt::make(Stmt::Kind::Assign, loc(userLoc(l)));
    s->var = var;
    s->value = Expr::resize(std::move(value), k.vars[var].width, false);
    emit(s);
  }

  // A reference designates the object its initializer names when it is
  // bound: `const Instr& gi = s.ins[g_scan]; ++g_scan; gi.op` reads the old
  // element. A place whose address reads variables (or memory) is therefore
  // fixed at the binding, in a variable of its own; without this, every use
  // re-evaluated the address with the variables' current values.
  void fixPlace(Place &pl, const std::string &name, SourceLocation l) {
    auto changes = [](const Expr &e, auto &&self) -> bool {
      if (e.kind == Expr::Kind::Var || e.kind == Expr::Kind::Havoc) return true;
      for (const ExprRef &a : e.args)
        if (a && self(*a, self)) return true;
      return false;
    };
    ExprRef &e = pl.kind == Place::Kind::Mem ? pl.off : pl.index;
    if ((pl.kind != Place::Kind::Mem && pl.kind != Place::Kind::Element) || !e || !changes(*e, changes)) return;
    int v = newVar(name + (pl.kind == Place::Kind::Mem ? ".addr" : ".index"), e->width, false, l);
    assign(v, e, l);
    e = Expr::var(v, e->width);
  }

  int newRegion(std::string name, m::AddressSpace space, SourceLocation l) {
    m::Region r;
    r.id = (int)k.regions.size();
    r.name = std::move(name);
    r.space = space;
    r.loc = loc(l);
    k.regions.push_back(r);
    return r.id;
  }

  ExprRef c64(uint64_t v) { return Expr::constant(v, 64); }

  Binding *lookup(const ValueDecl *d) {
    for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
      auto f = it->scope.find(d);
      if (f != it->scope.end()) return &f->second;
    }
    return nullptr;
  }
  void bind(const ValueDecl *d, Binding b) { frames.back().scope[d] = std::move(b); }
  // Scope bindings and kernel parameters.
  const Binding *lookupAny(const ValueDecl *d) {
    if (const Binding *b = lookup(d)) return b;
    if (const auto *p = dyn_cast<ParmVarDecl>(d)) {
      auto it = kernelParams.find(p);
      if (it != kernelParams.end()) return &it->second;
    }
    return nullptr;
  }

  uint64_t sizeOf(QualType t) {
    t = t.getCanonicalType();
    if (t->isIncompleteType() || t->isVoidType() || t->isFunctionType()) return 1;
    return (uint64_t)ctx.getTypeSizeInChars(t).getQuantity();
  }

  // ------------------------------------------------------------ groups
  int groupKindOf(QualType t, unsigned &size) {
    t = t.getNonReferenceType().getCanonicalType().getUnqualifiedType();
    const auto *rd = t->getAsCXXRecordDecl();
    if (!rd) return 0;
    std::string qn = rd->getQualifiedNameAsString();
    if (qn.find("cooperative_groups") == std::string::npos) return 0;
    StringRef name = rd->getName();
    if (name == "thread_block") return GroupBlock;
    if (name == "grid_group") return GroupGrid;
    if (name.starts_with("thread_block_tile") || name == "__static_size_thread_block_tile_base" ||
        name == "__static_size_tile_base") {
      if (const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd)) {
        const auto &args = spec->getTemplateArgs();
        if (args.size() > 0 && args[0].getKind() == TemplateArgument::Integral)
          size = (unsigned)args[0].getAsIntegral().getZExtValue();
      }
      return size ? GroupTile : GroupOther;
    }
    return GroupOther;
  }

  bool isGroupType(QualType t) {
    unsigned size = 0;
    return groupKindOf(t, size) != 0;
  }

  // Linear thread index within the block: x + y*bdx + z*bdx*bdy.
  ExprRef linearTid() {
    auto tx = Expr::builtinVar(m::Builtin::ThreadIdxX);
    auto ty = Expr::builtinVar(m::Builtin::ThreadIdxY);
    auto tz = Expr::builtinVar(m::Builtin::ThreadIdxZ);
    auto bx = Expr::builtinVar(m::Builtin::BlockDimX);
    auto by = Expr::builtinVar(m::Builtin::BlockDimY);
    return Expr::binary(Op::Add, tx,
                        Expr::binary(Op::Mul, bx, Expr::binary(Op::Add, ty, Expr::binary(Op::Mul, tz, by))));
  }
  ExprRef blockSize() {
    return Expr::binary(Op::Mul, Expr::builtinVar(m::Builtin::BlockDimX),
                        Expr::binary(Op::Mul, Expr::builtinVar(m::Builtin::BlockDimY),
                                     Expr::builtinVar(m::Builtin::BlockDimZ)));
  }

  void emitBlockBarrier(SourceLocation l, std::string what) {
    auto s = Stmt::make(Stmt::Kind::Barrier, loc(userLoc(l)));
    s->barrier = m::BarrierKind::Block;
    s->text = std::move(what);
    emit(s);
  }
  void emitGridBarrier(SourceLocation l, std::string what) {
    auto s = Stmt::make(Stmt::Kind::Barrier, loc(userLoc(l)));
    s->barrier = m::BarrierKind::Grid;
    s->text = std::move(what);
    emit(s);
  }
  // __syncwarp(mask), or (kind WarpCollective) a warp collective whose
  // operation is `what`.
  void emitWarpBarrier(SourceLocation l, ExprRef mask, std::string what, m::BarrierKind kind = m::BarrierKind::Warp) {
    auto s = Stmt::make(Stmt::Kind::Barrier, loc(userLoc(l)));
    s->barrier = kind;
    s->warpMask = Expr::resize(std::move(mask), 32, false);
    s->text = std::move(what);
    emit(s);
  }
  ExprRef tileMask(unsigned size) {
    // Lanes of the caller's tile: ((1<<size)-1) << (lane / size * size).
    if (size >= 32) return Expr::constant(0xffffffffu, 32);
    auto lane = Expr::builtinVar(m::Builtin::LaneId);
    auto base = Expr::binary(Op::Mul, Expr::binary(Op::UDiv, lane, Expr::constant(size, 32)),
                             Expr::constant(size, 32));
    return Expr::binary(Op::Shl, Expr::constant((1ull << size) - 1, 32), base);
  }

  // ------------------------------------------------------------ accesses
  StmtRef emitAccess(const Place &p, m::AccessKind kind, SourceLocation l, std::string atomicOp = "") {
    if (p.kind != Place::Kind::Mem) return nullptr;
    if (p.region < 0 && p.alts) {
      // One access per alternative, under forEachAlt's if / else-if chain.
      // The first is returned; what the caller then sets on it (order,
      // result variable, ...) is copied to the others when the kernel is
      // complete (finishAccessTwins).
      std::vector<StmtRef> made;
      forEachAlt(Value::choice(*p.alts), l, [&](const Value &one) {
        Place q = p;
        q.alts = nullptr;
        q.region = one.region;
        q.off = one.off;
        if (StmtRef a = emitAccess(q, kind, l, atomicOp)) made.push_back(a);
      });
      if (made.size() != p.alts->size()) return nullptr;
      accessTwins.push_back(made);
      return made.front();
    }
    if (p.region < 0) {
      unknown(l, "access through a pointer whose target region is unknown ('" + p.text + "')");
      return nullptr;
    }
    if (kind != m::AccessKind::Read && k.regions[p.region].space == m::AddressSpace::Constant) {
      // nvcc rejects a direct assignment to a __constant__ variable
      // ("expression must be a modifiable lvalue") and drops stores through
      // pointers into constant memory ("Cannot store to pointer that points
      // to constant memory space"): an input error, as nvcc's.
      DiagnosticsEngine &de = ctx.getDiagnostics();
      unsigned id = de.getCustomDiagID(DiagnosticsEngine::Error,
                                       "device code writes __constant__ memory ('%0'); constant memory is "
                                       "written by the host (cudaMemcpyToSymbol), and nvcc rejects or drops "
                                       "such stores");
      de.Report(userLoc(l), id) << p.text;
      return nullptr;
    }
    auto s = Stmt::make(Stmt::Kind::Access, loc(userLoc(l)));
    s->region = p.region;
    s->offset = p.off;
    s->size = p.size ? p.size : 1;
    s->access = kind;
    s->atomicOp = std::move(atomicOp);
    s->text = p.text;
    if (p.isVolatile) {
      // ld.volatile / st.volatile: relaxed at system scope (PTX ISA, memory
      // consistency model: volatile operations).
      s->isVolatile = true;
      s->order = m::MemOrder::Relaxed;
      s->scope = m::MemScope::System;
    }
    emit(s);
    return s;
  }
  // A strong access (atomic, or ld/st with an order and scope): the value it
  // reads, if any, goes to a fresh local variable.
  Value strongAccess(const Place &p, m::AccessKind kind, SourceLocation l, const std::string &op, m::MemOrder order,
                     m::MemScope scope, const std::string &updateKind, ExprRef operand, QualType resultType) {
    StmtRef s = emitAccess(p, kind, l, op);
    if (!s) {
      if (p.kind != Place::Kind::Mem) unknown(l, op + " on an address that is not modelled");
      if (!resultType.isNull() && isIntLike(resultType))
        return Value::integer(havoc(intWidth(ctx, resultType), "result of " + op));
      return Value::none();
    }
    s->order = order;
    s->scope = scope;
    s->updateKind = updateKind;
    s->operand = operand;
    if (!resultType.isNull() && isIntLike(resultType)) {
      unsigned w = intWidth(ctx, resultType);
      int v = newVar(op + ".result", w, resultType->isSignedIntegerOrEnumerationType(), l);
      s->resultVar = v;
      return Value::integer(Expr::var(v, w));
    }
    return Value::none();
  }
  void emitFence(SourceLocation l, m::MemOrder order, m::MemScope scope, std::string what) {
    auto s = Stmt::make(Stmt::Kind::Fence, loc(userLoc(l)));
    s->order = order;
    s->scope = scope;
    s->text = std::move(what);
    emit(s);
  }
  // The alternatives of a choice pointer moved by `delta` bytes.
  static std::shared_ptr<const std::vector<Value::Alt>> shiftedAlts(const std::vector<Value::Alt> &alts, ExprRef delta) {
    std::vector<Value::Alt> r = alts;
    for (Value::Alt &a : r) a.off = Expr::binary(Op::Add, a.off, delta);
    return std::make_shared<const std::vector<Value::Alt>>(std::move(r));
  }
  // Accesses made once per alternative of a choice pointer (emitAccess):
  // the first one of each group carries what the callers set.
  std::vector<std::vector<StmtRef>> accessTwins;
  void finishAccessTwins() {
    for (const auto &g : accessTwins)
      for (size_t i = 1; i < g.size(); ++i) {
        int region = g[i]->region;
        ExprRef off = g[i]->offset;
        m::SourceLoc at = g[i]->loc;
        *g[i] = *g.front();
        g[i]->region = region;
        g[i]->offset = std::move(off);
        g[i]->loc = at;
      }
  }
  // An element of a local array of pointers, `sel` its offset (selected by
  // the index). One region for all elements: a pointer into it; elements
  // into different known regions (`float* act[2] = {a, b}; act[l & 1]`): a
  // choice by the index, the last element's alternative also taking the
  // indices out of bounds (undefined behaviour). Either may be null (as a
  // struct field).
  Value elementPointer(const Place &p, ExprRef sel) {
    const std::vector<int> &rs = *p.elemRegions;
    bool same = std::all_of(rs.begin(), rs.end(), [&](int r) { return r == rs.front(); });
    bool known = std::all_of(rs.begin(), rs.end(), [](int r) { return r >= 0; });
    if (!same && known && !rs.empty() && rs.size() <= kMaxPointerAlts) {
      std::vector<Value::Alt> alts;
      for (size_t j = 0; j < rs.size(); ++j)
        alts.push_back({j + 1 == rs.size() ? Expr::boolean(true)
                                           : Expr::binary(Op::Eq, p.index, Expr::constant(j, p.index->width)),
                        rs[j], Expr::var(p.elems[j], p.width)});
      return Value::choice(std::move(alts));
    }
    Value ptr = Value::pointer(same && !rs.empty() ? rs.front() : -1, std::move(sel));
    ptr.maybeNull = true;
    return ptr;
  }
  // Value loaded by the most recent plain/volatile load access (for spin-loop
  // recognition): access statement -> havoc id of the value.
  std::map<const Stmt *, int> loadValue;
  // The bits of a floating-point constant the assignment being stored
  // assigns (`s[i] = 0.0f`), for Stmt::stored: the same-value rule
  // (memory-model.md "Writes of one value") compares the bits.
  std::optional<uint64_t> storedFloatBits;
  // Locals whose address was taken (`&i`, `&p`): a write through a pointer
  // to private memory may change them. Such a write havocs every escaped
  // integer variable and is `unknown` for an escaped pointer variable.
  std::set<int> escapedVars;
  std::map<int, std::string> escapedPtrs;  // offset variable -> name

  // Reads an lvalue, emitting the access, and returns its value.
  Value load(const Place &p, QualType t, SourceLocation l) {
    switch (p.kind) {
    case Place::Kind::Var:
      return Value::integer(Expr::var(p.var, k.vars[p.var].width));
    case Place::Kind::PtrVar: {
      Value v = Value::pointer(p.region, Expr::var(p.var, 64));
      const Binding *b = p.binding ? p.binding : p.decl ? lookup(p.decl) : nullptr;
      if (b && b->tag >= 0) return choiceValue(*b);
      if (b && b->addr && p.decl) v.addr = true;  // an integer holding an address
      // A struct field may be null: whether one is, is not followed (a
      // null stored later in a loop body is translated after the test).
      if ((b && b->maybeNull) || (p.binding && !p.binding->constParamField)) v.maybeNull = true;
      return v;
    }
    case Place::Kind::Param: {
      auto &pr = k.params[p.param];
      return Value::integer(Expr::param(p.param, pr.width));
    }
    case Place::Kind::Group:
      return p.group;
    case Place::Kind::Element: {
      // elems[index], an arbitrary value outside the array.
      ExprRef v = havoc(p.width, "element of '" + p.text + "' out of bounds");
      for (size_t j = p.elems.size(); j-- > 0;)
        v = Expr::select(Expr::binary(Op::Eq, p.index, Expr::constant(j, p.index->width)), Expr::var(p.elems[j], p.width), v);
      if (p.elemRegions) return elementPointer(p, v);
      return Value::integer(v);
    }
    case Place::Kind::Mem: {
      StmtRef s = emitAccess(p, m::AccessKind::Read, l);
      if (p.bitField) break;  // the access is the run's; its value is not the field's
      if (isIntLike(t) && p.region >= 0 && k.regions[p.region].constData && p.size * 8 >= intWidth(ctx, t))
        return Value::integer(Expr::tableLoad(p.region, k.regions[p.region].constData, p.off, intWidth(ctx, t)));
      if (s && isIntLike(t)) {
        ExprRef h = havoc(intWidth(ctx, t), "value loaded from '" + p.text + "'");
        loadValue[s.get()] = h->id;
        s->loadedHavoc = h->id;
        return Value::integer(h);
      }
      break;
    }
    case Place::Kind::Private:
      // Thread-private memory (a local aggregate whose address escapes, a
      // struct whose methods change it): not tracked, any value.
      if (isIntLike(t)) return Value::integer(havoc(intWidth(ctx, t), "private value '" + p.text + "'"));
      break;
    case Place::Kind::Invalid:
      // What it reads is not known (the reference a library call returns,
      // `const int& m = cuda::std::max(s[i], s[j])`): it may be memory.
      unknown(l, p.text.empty() ? std::string("read of an lvalue that is not modelled")
                                : "read of '" + p.text + "', an lvalue that is not modelled");
      break;
    }
    if (isIntLike(t))
      return Value::integer(havoc(intWidth(ctx, t), "value loaded from '" + p.text + "'"));
    if (t->isPointerType())
      return Value::pointer(-1, havoc(64, "pointer loaded from memory"));
    return Value::none();
  }

  // Writes an lvalue.
  void store(const Place &p, const Value &v, SourceLocation l) {
    switch (p.kind) {
    case Place::Kind::Element: {
      ExprRef val = v.kind == Value::Kind::Int ? Expr::resize(v.e, p.width, false) : havoc(p.width, "non-integer value");
      if (p.elemRegions) {
        // An array of pointers that is stored into has one region for all
        // its elements (varDecl: elementsOnlyRead); it joins the stored
        // pointer's.
        for (int &r : *p.elemRegions) joinElementRegion(r, v);
        val = v.kind == Value::Kind::Ptr ? v.off : havoc(64, "pointer");
      }
      for (size_t j = 0; j < p.elems.size(); ++j)
        assign(p.elems[j],
               Expr::select(Expr::binary(Op::Eq, p.index, Expr::constant(j, p.index->width)), val,
                            Expr::var(p.elems[j], p.width)),
               l);
      return;
    }
    case Place::Kind::Var:
      assign(p.var, v.kind == Value::Kind::Int ? v.e : havoc(k.vars[p.var].width, "non-integer value"), l);
      return;
    case Place::Kind::PtrVar: {
      // The region a pointer variable points into is fixed per declaration;
      // re-pointing it into another region is not modelled.
      int region = v.kind == Value::Kind::Ptr ? v.region : -1;
      Binding *b = p.binding ? p.binding : p.decl ? lookup(p.decl) : nullptr;
      if (!b && p.decl)  // a kernel parameter (copied into a local: kernelParams)
        if (const auto *pv = dyn_cast<ParmVarDecl>(p.decl))
          if (auto it = kernelParams.find(pv); it != kernelParams.end()) b = &it->second;
      if (b && b->tag >= 0) {
        unknown(l, "pointer '" + p.text + "', which points into one of several regions, is re-assigned; not modelled");
        return;
      }
      if (b && b->region == -3) b->region = region;
      else if (b && b->region != region && region != -2 && b->region != -1)
        unknown(l, "pointer '" + p.text + "' is re-pointed into a different memory region; not modelled");
      if (b && (region == -2 || (v.kind == Value::Kind::Ptr && v.maybeNull))) b->maybeNull = true;
      assign(p.var, v.kind == Value::Kind::Ptr ? v.off : havoc(64, "pointer value"), l);
      return;
    }
    case Place::Kind::Mem: {
      StmtRef s = emitAccess(p, m::AccessKind::Write, l);
      if (s && !p.bitField && v.kind == Value::Kind::Int && (p.size == 1 || p.size == 2 || p.size == 4 || p.size == 8))
        s->stored = Expr::resize(v.e, p.size * 8, false);
      else if (s && !p.bitField && v.kind == Value::Kind::None && storedFloatBits && (p.size == 4 || p.size == 8))
        s->stored = Expr::constant(*storedFloatBits, p.size * 8);
      if (s && p.isVolatile) {
        // A volatile store is a strong (relaxed) write: a possible signal.
        s->updateKind = "store";
        if (v.kind == Value::Kind::Int && !p.bitField) s->operand = v.e;
      }
      return;
    }
    case Place::Kind::Param:
      unknown(l, "assignment to a kernel parameter is not modelled");
      return;
    case Place::Kind::Private:
      // Private memory is thread-private: nothing to check, but a tracked
      // local whose address escaped may be what it writes.
      for (int var : escapedVars)
        assign(var, havoc(k.vars[var].width, "'" + k.vars[var].name + "', written through a pointer"), l);
      if (!escapedPtrs.empty())
        unknown(l, "a write through a pointer to private memory may re-point the local pointer '" +
                       escapedPtrs.begin()->second + "', whose address is taken; not modelled");
      return;
    case Place::Kind::Group:
      return;
    case Place::Kind::Invalid:
      unknown(l, p.text.empty() ? std::string("assignment to an lvalue that is not modelled")
                                : "assignment to '" + p.text + "', an lvalue that is not modelled");
      return;
    }
  }

  // Name of the enumerator a constant argument evaluates to ("" if none).
  std::string enumeratorOf(const clang::Expr *e) {
    clang::Expr::EvalResult r;
    if (e->isValueDependent() || !e->EvaluateAsRValue(r, ctx) || !r.Val.isInt()) return "";
    for (const clang::Expr *x : {e, e->IgnoreImpCasts()}) {
      if (const EnumDecl *ed = x->getType()->getAsEnumDecl())
        for (const EnumConstantDecl *ec : ed->enumerators())
          if (llvm::APSInt::isSameValue(ec->getInitVal(), r.Val.getInt())) return ec->getNameAsString();
    }
    return "";
  }
  static m::MemOrder memoryOrderNamed(std::string n) {
    if (n.rfind("memory_order_", 0) == 0) n = n.substr(13);
    if (n == "__mo_relaxed") n = "relaxed";
    if (n == "relaxed") return m::MemOrder::Relaxed;
    if (n == "consume" || n == "acquire") return m::MemOrder::Acquire;
    if (n == "release") return m::MemOrder::Release;
    if (n == "acq_rel") return m::MemOrder::AcqRel;
    if (n == "seq_cst") return m::MemOrder::SeqCst;
    return m::MemOrder::Plain;  // not a constant order
  }
  m::MemOrder memoryOrderArg(const clang::Expr *e) { return memoryOrderNamed(enumeratorOf(e)); }
  static m::MemScope threadScopeNamed(const std::string &n) {
    if (n == "thread_scope_system") return m::MemScope::System;
    if (n == "thread_scope_device") return m::MemScope::GPU;
    if (n == "thread_scope_cluster") return m::MemScope::Cluster;
    if (n == "thread_scope_block") return m::MemScope::CTA;
    return m::MemScope::None;  // thread scope or not a constant
  }
  m::MemScope threadScopeArg(const clang::Expr *e) { return threadScopeNamed(enumeratorOf(e)); }
  // cuda::atomic_ref<T, Scope>, cuda::std::atomic_ref<T>, cuda::atomic<T, Scope>,
  // cuda::std::atomic<T>: 0 if not one; 1 atomic_ref; 2 atomic. Sets the scope.
  int libAtomicKind(QualType t, m::MemScope &scope) {
    const CXXRecordDecl *rd = t.getNonReferenceType()->getAsCXXRecordDecl();
    if (!rd) return 0;
    const auto *sd = dyn_cast<ClassTemplateSpecializationDecl>(rd);
    if (!sd) return 0;
    std::string qn = sd->getQualifiedNameAsString();
    if (qn.rfind("cuda::", 0) != 0) return 0;
    std::string n = sd->getNameAsString();
    if (n != "atomic_ref" && n != "atomic") return 0;
    scope = m::MemScope::System;  // cuda::std:: atomics are system scoped
    const TemplateArgumentList &args = sd->getTemplateArgs();
    if (args.size() >= 2 && args[1].getKind() == TemplateArgument::Integral) {
      QualType et = args[1].getIntegralType();
      if (const EnumDecl *ed = et->getAsEnumDecl())
        for (const EnumConstantDecl *ec : ed->enumerators())
          if (llvm::APSInt::isSameValue(ec->getInitVal(), args[1].getAsIntegral()))
            scope = threadScopeNamed(ec->getNameAsString());
    }
    return n == "atomic_ref" ? 1 : 2;
  }
  // The memory an atomic_ref/atomic object designates.
  Place libAtomicPlace(const clang::Expr *obj, int kind) {
    obj = obj->IgnoreImplicit()->IgnoreParens();
    if (kind == 2) return lvalue(obj);  // the atomic object itself
    // atomic_ref: a variable bound to the referenced place, or a temporary
    // constructed from an lvalue.
    if (const auto *dr = dyn_cast<DeclRefExpr>(obj)) {
      Binding b = bindingFor(dr->getDecl(), dr->getLocation());
      if (b.kind == Binding::Kind::RefPlace) return b.place;
      return Place{};
    }
    const clang::Expr *x = obj;
    while (true) {
      x = x->IgnoreImplicit()->IgnoreParens();
      if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(x)) { x = mt->getSubExpr(); continue; }
      if (const auto *fc = dyn_cast<CXXFunctionalCastExpr>(x)) { x = fc->getSubExpr(); continue; }
      if (const auto *bt = dyn_cast<CXXBindTemporaryExpr>(x)) { x = bt->getSubExpr(); continue; }
      break;
    }
    if (const auto *ce = dyn_cast<CXXConstructExpr>(x))
      if (ce->getNumArgs() >= 1) {
        const clang::Expr *arg = ce->getArg(0);
        // Copy construction from another atomic_ref.
        m::MemScope sc;
        if (libAtomicKind(arg->getType(), sc) == 1) return libAtomicPlace(arg, 1);
        return lvalue(arg);
      }
    return Place{};
  }
  Value libAtomicCall(const CallExpr *c, const FunctionDecl *fd, const clang::Expr *obj, int kind, m::MemScope scope);

  // ------------------------------------------------------------ evaluation
  Value eval(const clang::Expr *e);
  Value evalInner(const clang::Expr *e);
  Place lvalue(const clang::Expr *e);
  // The address of the object `p` designates, as a pointer value: thread-
  // private storage (region -2) for a variable, whose address then escapes,
  // or a private object; an unknown region where the place is not modelled.
  Value addressOf(const Place &p, const std::string &what);
  Place lvalueInner(const clang::Expr *e);
  ExprRef evalInt(const clang::Expr *e) {
    Value v = eval(e);
    unsigned w = intWidth(ctx, e->getType());
    if (v.kind == Value::Kind::Int) return Expr::resize(v.e, w, false);
    if (v.kind == Value::Kind::Ptr && e->getType()->isBooleanType())
      return havoc(1, "pointer truth value");
    return havoc(w, "value of '" + text(e) + "'");
  }
  ExprRef evalCond(const clang::Expr *e) {
    Value v = eval(e);
    if (v.kind == Value::Kind::Int) return Expr::truth(v.e);
    return havoc(1, "condition '" + text(e) + "'");
  }
  Value binaryOp(const BinaryOperator *b);
  Value arith(BinaryOperatorKind opc, Value l, Value r, QualType lt, QualType rt, QualType resultT, const clang::Expr *where);
  Value castValue(const CastExpr *c);
  Value call(const CallExpr *c);
  Value callKnown(const CallExpr *c, const FunctionDecl *fd, bool &handled);
  Value inlineCall(const CallExpr *c, const FunctionDecl *fd, const clang::Expr *thisArg);
  // The body of `fd` inlined with `args` (operatorCall: args[0] is the object
  // of a member operator). privateThis: a constructor of a thread-private
  // object (its member initializers run first, `this` is private storage).
  Value inlineBody(SourceLocation l, llvm::ArrayRef<const clang::Expr *> args, bool operatorCall,
                   const FunctionDecl *fd, const clang::Expr *thisArg, bool privateThis);
  // A record from a library header holding only scalars (no pointers or
  // references): its operators touch nothing but the object itself.
  bool isValueRecord(const CXXRecordDecl *rd) {
    if (!rd || !sm.isInSystemHeader(rd->getLocation())) return false;
    for (const FieldDecl *f : rd->fields()) {
      QualType t = f->getType().getCanonicalType();
      while (const auto *at = dyn_cast<ConstantArrayType>(t.getTypePtr())) t = at->getElementType().getCanonicalType();
      if (t->isPointerType() || t->isReferenceType()) return false;
      if (const auto *inner = t->getAsCXXRecordDecl())
        if (!isValueRecord(inner) && !inner->fields().empty()) return false;
    }
    return true;
  }
  Value loadConditional(const ConditionalOperator *co, QualType t);
  // The value of std::max(a, b) / std::min(a, b) (and cuda::std::), which
  // return a reference to one of their arguments: (a < b) ? b : a and
  // (b < a) ? b : a; nullopt for another call.
  std::optional<Value> loadMinMax(const CallExpr *c, QualType t);
  Value joinSelect(ExprRef c, StmtRef ba, StmtRef bb, Value a, Value b, QualType t, SourceLocation l);
  Value shortCircuit(const clang::Expr *cond, const clang::Expr *lhs, const clang::Expr *rhs, bool isAnd, bool isSelect, QualType t);

  // ------------------------------------------------------------ statements
  void stmt(const clang::Stmt *s);
  void declStmt(const DeclStmt *d);
  // The thread leaves the kernel here: PTX `exit`, or an abort of the
  // launch (`__trap()`, a failed assert, PTX `trap`), after which this
  // thread runs nothing (what it did before happened).
  void emitThreadExit(SourceLocation l, bool abort) {
    auto s = Stmt::make(Stmt::Kind::Exit, loc(userLoc(l)));
    s->label = k.body->label;
    if (abort) s->text = "abort";
    emit(s);
  }
  // Unknown at a base conversion that moves the address (each inlined body).
  void checkBaseOffsets(const clang::Stmt *body);
  void varDecl(const VarDecl *v);
  void ifStmt(const IfStmt *s);
  std::string enumCases(const clang::Expr *cond);
  void tagCases(Stmt &branch, const std::string &what);
  void loopStmt(const clang::Stmt *init, const clang::Expr *cond, const clang::Stmt *body,
                const clang::Expr *inc, bool testFirst, SourceLocation l, const VarDecl *condVar);
  void switchStmt(const SwitchStmt *s);
  void asmStmt(const GCCAsmStmt *a);
  // Shared-memory operands of mbarrier and bulk-copy operations: a pointer,
  // or a 32-bit shared-window address from __cvta_generic_to_shared (also
  // through a local initialised with it and never changed), plus a constant
  // or integer offset. Returns a Ptr value, or none.
  Value sharedAddress(const clang::Expr *e);
  // The address of a cuda::barrier given as an object lvalue or a pointer.
  Value barrierObject(const clang::Expr *e) {
    if (e->getType()->isPointerType()) return sharedAddress(e);
    Place p = lvalue(e);
    if (p.kind == Place::Kind::Mem && p.region >= 0) return Value::pointer(p.region, p.off);
    return Value::none();
  }
  // The arrival token an arrive returns: a fresh constant.
  int nextToken = 1;
  Value barrierToken(const StmtRef &arrive, QualType rt) {
    if (!arrive) return isIntLike(rt) ? Value::integer(havoc(intWidth(ctx, rt), "arrival token")) : Value::none();
    arrive->token = nextToken++;
    if (!isIntLike(rt)) return Value::none();
    return Value::integer(Expr::constant(arrive->token, intWidth(ctx, rt)));
  }
  // Whether a local or parameter keeps its initial value in its function:
  // every use reads it (a 32-bit shared address, a null pointer argument).
  bool neverModified(const VarDecl *v);
  // A loop body that does nothing (`;`, `{}`, or blocks of them).
  static bool emptyBody(const clang::Stmt *b) {
    if (!b || isa<NullStmt>(b)) return true;
    if (const auto *cs = dyn_cast<CompoundStmt>(b)) return std::all_of(cs->body_begin(), cs->body_end(), emptyBody);
    return false;
  }
  // A local array whose elements are only read after its initializer (every
  // use is `v[i]` as a value).
  bool elementsOnlyRead(const VarDecl *v);
  // A pointer variable for a choice of regions (Value::alts): an offset
  // variable per alternative and the tag, assigned here; and its value.
  Binding choiceBinding(const Value &v, const std::string &name, SourceLocation l) {
    Binding b{Binding::Kind::PtrVar};
    b.region = -1;
    b.tag = newVar(name + ".which", 32, false, l);
    ExprRef tag = Expr::constant(v.alts->size() - 1, 32);
    for (size_t i = v.alts->size(); i-- > 0;) {
      const Value::Alt &a = (*v.alts)[i];
      if (i + 1 < v.alts->size()) tag = Expr::select(a.cond, Expr::constant(i, 32), tag);
    }
    for (size_t i = 0; i < v.alts->size(); ++i) {
      int off = newVar(name + ".off" + std::to_string(i), 64, false, l);
      assign(off, (*v.alts)[i].off, l);
      b.altRegions.push_back((*v.alts)[i].region);
      b.altOffs.push_back(off);
    }
    assign(b.tag, tag, l);
    b.id = b.altOffs.front();
    return b;
  }
  static Value choiceValue(const Binding &b) {
    std::vector<Value::Alt> alts;
    for (size_t i = 0; i < b.altRegions.size(); ++i)
      alts.push_back({Expr::binary(Op::Eq, Expr::var(b.tag, 32), Expr::constant(i, 32)), b.altRegions[i],
                      Expr::var(b.altOffs[i], 64)});
    return Value::choice(std::move(alts));
  }
  // Runs `emitOne(alternative)` under an if / else-if chain over a choice's
  // alternatives (the last one in the final else).
  void forEachAlt(const Value &v, SourceLocation l, const std::function<void(const Value &)> &emitOne) {
    const auto &alts = *v.alts;
    StmtRef saved = current;
    StmtRef outer;
    StmtRef *hook = nullptr;
    for (size_t i = 0; i < alts.size(); ++i) {
      Value one = Value::pointer(alts[i].region, alts[i].off);
      StmtRef blk = newBlock(loc(userLoc(l)));
      current = blk;
      emitOne(one);
      if (i + 1 == alts.size()) {
        if (hook) *hook = blk;
        else outer = blk;
        break;
      }
      auto iff = Stmt::make(Stmt::Kind::If, loc(userLoc(l)));
      iff->cond = alts[i].cond;
      iff->thenS = blk;
      if (hook) *hook = iff;
      else outer = iff;
      hook = &iff->elseS;
    }
    current = saved;
    emit(outer);
  }
  // The boolean parameter `nonnull(NAME)` of the pointer parameter whose
  // memory is `region` (made at its first use); -1 for other regions.
  int nonNullParam(int region) {
    if (auto it = nonNullParams.find(region); it != nonNullParams.end()) return it->second;
    for (const m::Param &pp : k.params)
      if (pp.kind == m::Param::Kind::Pointer && pp.region == region) {
        m::Param b;
        b.name = "nonnull(" + pp.name + ")";
        b.kind = m::Param::Kind::Scalar;
        b.width = 1;
        b.isSigned = false;
        k.params.push_back(b);
        return nonNullParams[region] = (int)k.params.size() - 1;
      }
    return -1;
  }
  std::map<int, int> nonNullParams;
  std::map<const VarDecl *, bool> neverModifiedCache;
  // mbarrier / bulk-copy statements (inline PTX and cuda::ptx spellings).
  StmtRef emitMbarrier(m::MbarOp op, const Value &obj, ExprRef operand, ExprRef tx, SourceLocation l,
                       const std::string &what);
  void emitBulkTransfer(bool store, const Value &sh, const Value &gl, ExprRef bytes, const Value &mbar,
                        SourceLocation l, const std::string &what, const std::string &shText, const std::string &glText,
                        bool groupCompleted = false);
  void emitBulkGroup(m::MbarOp op, ExprRef n, SourceLocation l, const std::string &what) {
    auto s = Stmt::make(Stmt::Kind::Mbarrier, loc(userLoc(l)));
    s->mbarOp = op;
    s->operand = n ? Expr::resize(n, 32, false) : nullptr;
    s->text = what;
    emit(s);
  }
  StmtRef spinAwait(const Stmt &loop, SourceLocation l);
  std::vector<StmtRef> spinPost;  // assignments after a recognised spin-wait
  void returnStmt(const ReturnStmt *r);

  int regionForVar(const VarDecl *v);
  std::map<int, uint64_t> regionAlign;  // region -> alignment of its base address (bytes), declared regions only
  Value addressArith(BinaryOperatorKind opc, const Value &l, const Value &r, QualType resultT, const clang::Expr *where);
  bool plainLocalAggregate(const VarDecl *v);
  // The struct result of the inlined call that ended last (its function's
  // definition and fields): read by initStruct right after the call.
  std::optional<std::pair<const FunctionDecl *, Binding>> lastStructResult;
  // A struct of integers with no padding, assigned by its trivial copy or
  // move assignment as a statement of its own (its result unused).
  bool intStructNoPadding(QualType t, int depth);
  bool trivialIntStructAssign(const CXXOperatorCallExpr *oc);
  // The binding of a local struct held field by field that `arg` names, if any;
  // arrays: also a local array held element by element (bound to a reference).
  const Binding *structArgument(const clang::Expr *arg, bool arrays = false) {
    const clang::Expr *e = arg->IgnoreParenImpCasts();
    if (const auto *ce = dyn_cast<CXXConstructExpr>(e); ce && ce->getNumArgs() == 1 && ce->getConstructor()->isCopyOrMoveConstructor())
      e = ce->getArg(0)->IgnoreParenImpCasts();
    const auto *d = dyn_cast<DeclRefExpr>(e);
    const Binding *b = d ? lookupAny(d->getDecl()) : paramArrayElement(e);
    return b && (b->kind == Binding::Kind::Struct || (arrays && b->kind == Binding::Kind::LocalArray)) ? b : nullptr;
  }
  std::function<bool(const MemberExpr *)> scalarOrStructFn;
  int aggregateDepth = 0;  // plainLocalAggregate through parameters of inlined calls
  bool scalarOrStruct(const MemberExpr *me) { return scalarOrStructFn && scalarOrStructFn(me); }
  Binding localStruct(const std::string &name, QualType t, SourceLocation l, int depth);
  void initStruct(const Binding &b, QualType t, const clang::Expr *init, SourceLocation l);
  bool flattenConstant(const APValue &v, QualType t, std::vector<uint8_t> &out, uint64_t at);
  Binding bindParam(const std::string &name, QualType t, SourceLocation l, int depth);
  bool bindingConstParam = false;  // bindParam: the parameter being bound is const
  const Binding *structField(const MemberExpr *me);
  // The struct a method inlined on a field-by-field local runs on (null: none).
  const Binding *thisStruct() const {
    for (auto it = frames.rbegin(); it != frames.rend(); ++it)
      if (it->hasThis) return it->thisStruct ? &*it->thisStruct : nullptr;
    return nullptr;
  }
  // Whether a method only reads and assigns fields of `this` (and calls such
  // methods on it): it can run on a local struct held field by field.
  bool plainMethod(const CXXMethodDecl *md, int depth);
  // `a[i]` where `a` is an array of a parameter struct (Binding::ParamArray):
  // a binding of fresh variables that hold element i's fields (selects over
  // the elements; an arbitrary value outside the array). Parameters are
  // read-only, so the copy stays equal to the element. Null otherwise.
  const Binding *paramArrayElement(const clang::Expr *e);
  Binding selectElement(const std::vector<const Binding *> &items, const ExprRef &idx, const std::string &name,
                        SourceLocation l);
  std::deque<Binding> selectedElements;  // owns what paramArrayElement returns
  Binding copyStruct(const Binding &src, SourceLocation l);
  Place placeOfDecl(const ValueDecl *d, SourceLocation use, const std::string &name);
  void markPointersNullableIn(const clang::Stmt *s);
  // Lambdas: per closure class, the copies of its by-copy captures made at
  // its latest creation, and how many times a creation was built.
  std::map<const CXXRecordDecl *, std::vector<std::pair<const ValueDecl *, Binding>>> closureCopies;
  std::map<const CXXRecordDecl *, int> closureCreations;
  std::optional<Binding> captureCopy(const Binding &b, SourceLocation l);
  bool namesClosureVar(const clang::Expr *obj, const CXXRecordDecl *cls);
  Binding bindingFor(const ValueDecl *d, SourceLocation use);
};

// ------------------------------------------------------------------ regions

// Writes the bytes of a constant of type `t` at `at` (little-endian, the
// target's layout); false for what it cannot lay out (pointers, unions, ...).
bool KernelBuilder::flattenConstant(const APValue &v, QualType t, std::vector<uint8_t> &out, uint64_t at) {
  t = t.getCanonicalType();
  uint64_t size = sizeOf(t);
  if (at > out.size() || out.size() - at < size) return false;
  auto putInt = [&](const llvm::APInt &i) {
    if (size == 0 || i.getBitWidth() != size * 8) return false;
    for (uint64_t b = 0; b < size; ++b) out[at + b] = (uint8_t)i.extractBitsAsZExtValue(8, (unsigned)(b * 8));
    return true;
  };
  if (v.isAbsent() || v.isIndeterminate()) return true;  // zero-initialized
  if (v.isInt()) return putInt(v.getInt().extOrTrunc((unsigned)(size * 8)));
  if (v.isFloat()) {
    llvm::APInt i = v.getFloat().bitcastToAPInt();
    if (i.getBitWidth() != size * 8) return false;
    return putInt(i);
  }
  if (v.isArray()) {
    const auto *at2 = ctx.getAsConstantArrayType(t);
    if (!at2) return false;
    QualType et = at2->getElementType();
    uint64_t es = sizeOf(et), n = at2->getSize().getZExtValue();
    for (uint64_t i = 0; i < n; ++i) {
      const APValue *e = i < v.getArrayInitializedElts() ? &v.getArrayInitializedElt(i)
                         : v.hasArrayFiller()               ? &v.getArrayFiller()
                                                            : nullptr;
      if (e && !flattenConstant(*e, et, out, at + i * es)) return false;
    }
    return true;
  }
  if (v.isStruct()) {
    const auto *rd = t->getAsCXXRecordDecl();
    if (!rd || rd->getNumBases() != 0 || v.getStructNumBases() != 0) return false;
    const ASTRecordLayout &layout = ctx.getASTRecordLayout(rd);
    for (const FieldDecl *f : rd->fields()) {
      if (f->isBitField()) return false;
      uint64_t off = layout.getFieldOffset(f->getFieldIndex()) / 8;
      if (!flattenConstant(v.getStructField(f->getFieldIndex()), f->getType(), out, at + off)) return false;
    }
    return true;
  }
  return false;
}

int KernelBuilder::regionForVar(const VarDecl *v) {
  auto it = staticRegions.find(v);
  if (it != staticRegions.end()) return it->second;
  int id;
  if (v->hasAttr<CUDASharedAttr>()) {
    if (v->hasExternalStorage() || v->getType()->isIncompleteArrayType()) {
      if (dynamicSharedRegion < 0) {
        dynamicSharedRegion = newRegion("dynamic shared memory", m::AddressSpace::Shared, v->getLocation());
        k.regions[dynamicSharedRegion].dynamicShared = true;
      }
      id = dynamicSharedRegion;
    } else {
      id = newRegion(v->getNameAsString(), m::AddressSpace::Shared, v->getLocation());
      k.regions[id].sizeBytes = sizeOf(v->getType());
    }
  } else if (v->hasAttr<CUDAConstantAttr>()) {
    id = newRegion(v->getNameAsString(), m::AddressSpace::Constant, v->getLocation());
    if (!v->getType()->isIncompleteType()) k.regions[id].sizeBytes = sizeOf(v->getType());
    // Its initializer, as bytes: loads from it become table lookups.
    if (v->hasInit() && !v->getType()->isIncompleteType()) {
      if (const APValue *val = const_cast<VarDecl *>(v)->evaluateValue()) {
        auto bytes = std::make_shared<std::vector<uint8_t>>(sizeOf(v->getType()), 0);
        if (flattenConstant(*val, v->getType(), *bytes, 0)) k.regions[id].constData = bytes;
      }
    }
  } else {
    id = newRegion(v->getNameAsString(), m::AddressSpace::Global, v->getLocation());
    if (!v->getType()->isIncompleteType()) k.regions[id].sizeBytes = sizeOf(v->getType());
    k.regions[id].deviceVar = true;
    // Without an initializer it starts zeroed (static storage); with one,
    // zero only when its bytes all are.
    if (v->hasInit()) {
      bool zero = false;
      if (!v->getType()->isIncompleteType())
        if (const APValue *val = const_cast<VarDecl *>(v)->evaluateValue()) {
          std::vector<uint8_t> bytes(sizeOf(v->getType()), 0);
          zero = flattenConstant(*val, v->getType(), bytes, 0) &&
                 std::all_of(bytes.begin(), bytes.end(), [](uint8_t b) { return b == 0; });
        }
      k.regions[id].initNonZero = !zero;
    }
  }
  staticRegions[v] = id;
  // Its base address is aligned as declared (all extern __shared__
  // declarations share one base: aligned for each of them).
  uint64_t align = (uint64_t)ctx.getDeclAlign(v).getQuantity();
  regionAlign[id] = std::max(regionAlign[id], align);
  k.regions[id].baseAlign = k.regions[id].dynamicShared ? std::max<uint64_t>(16, regionAlign[id]) : regionAlign[id];
  return id;
}

Binding KernelBuilder::bindingFor(const ValueDecl *d, SourceLocation use) {
  if (Binding *b = lookup(d)) return *b;
  if (const auto *p = dyn_cast<ParmVarDecl>(d)) {
    auto it = kernelParams.find(p);
    if (it != kernelParams.end()) return it->second;
  }
  if (const auto *v = dyn_cast<VarDecl>(d)) {
    if (v->hasGlobalStorage() || v->hasAttr<CUDASharedAttr>()) {
      // Constants with known values are folded by the caller; here: memory.
      if (v->getType().isConstQualified() && !v->hasAttr<CUDASharedAttr>() &&
          !v->hasAttr<CUDADeviceAttr>() && !v->hasAttr<CUDAConstantAttr>()) {
        Binding b{Binding::Kind::Private};
        return b;
      }
      Binding b{Binding::Kind::Region};
      b.id = regionForVar(v);
      return b;
    }
  }
  if (const auto *v = dyn_cast<VarDecl>(d); v && v->hasLocalStorage()) {
    // A local the front end never bound (a variable of a construct it does
    // not model, a lambda's capture whose creation it did not see): a place
    // that is not modelled, so that its uses are `unknown`.
    Binding b{Binding::Kind::RefPlace};
    b.place.kind = Place::Kind::Invalid;
    b.place.text = v->getNameAsString();
    return b;
  }
  Binding b{Binding::Kind::Private};
  (void)use;
  return b;
}

// A kernel parameter: scalars become Params copied into locals, pointers
// become regions, plain structs are bound field by field (recursively).
Binding KernelBuilder::bindParam(const std::string &name, QualType t, SourceLocation l, int depth) {
  t = t.getCanonicalType();
  m::Param mp;
  mp.name = name;
  Binding b{Binding::Kind::Private};
  if (isIntLike(t)) {
    mp.kind = m::Param::Kind::Scalar;
    mp.width = intWidth(ctx, t);
    mp.isSigned = t->isSignedIntegerOrEnumerationType();
    int pid = (int)k.params.size();
    k.params.push_back(mp);
    b.kind = Binding::Kind::Var;
    b.width = mp.width;
    b.isSigned = mp.isSigned;
    b.id = newVar(name, mp.width, mp.isSigned, l);
    assign(b.id, Expr::param(pid, mp.width), l);
    return b;
  }
  if (t->isPointerType()) {
    mp.kind = m::Param::Kind::Pointer;
    mp.width = 64;
    int r = newRegion(name, m::AddressSpace::Global, l);
    k.regions[r].restrictQualified = t.isRestrictQualified();
    QualType pointee = t->getPointeeType();
    if (!pointee.isNull() && !pointee->isVoidType() && !pointee->isIncompleteType() && !pointee->isDependentType())
      k.regions[r].elemSize = (uint64_t)ctx.getTypeSizeInChars(pointee).getQuantity();
    if (auto it = memory.find(name); it != memory.end()) {
      k.regions[r].constData = it->second.bytes;
      k.regions[r].constSource = it->second.source;
    }
    mp.region = r;
    k.params.push_back(mp);
    b.kind = Binding::Kind::PtrVar;
    b.region = r;
    b.constParamField = depth > 0 && bindingConstParam;
    b.id = newVar(name, 64, false, l);
    assign(b.id, c64(0), l);
    return b;
  }
  if (const auto *cat = ctx.getAsConstantArrayType(t); cat && depth > 0 && depth < 4 &&
                                                       cat->getSize().getZExtValue() <= kMaxParamArrayElements) {
    // An array member of a parameter struct: each element is bound like a
    // field, named `p.a[j]`; a subscript selects among them
    // (paramArrayElement).
    b.kind = Binding::Kind::ParamArray;
    b.items = std::make_shared<std::vector<Binding>>();
    for (uint64_t j = 0, n = cat->getSize().getZExtValue(); j < n; ++j)
      b.items->push_back(bindParam(name + "[" + std::to_string(j) + "]", cat->getElementType(), l, depth + 1));
    return b;
  }
  const auto *rd = t->getAsCXXRecordDecl();
  if (rd && !rd->isUnion() && depth < 4 && rd->getNumBases() == 0 && !isGroupType(t)) {
    b.kind = Binding::Kind::Struct;
    b.fields = std::make_shared<std::map<const FieldDecl *, Binding>>();
    for (const FieldDecl *f : rd->fields()) {
      if (f->isBitField()) continue;
      (*b.fields)[f] = bindParam(name + "." + f->getNameAsString(), f->getType(), l, depth + 1);
    }
    return b;
  }
  mp.kind = m::Param::Kind::Other;
  k.params.push_back(mp);
  return b;
}

// The binding of `s.f` (or `s.a.f`) when `s` is bound field by field.
const Binding *KernelBuilder::structField(const MemberExpr *me) {
  const auto *fd = dyn_cast<FieldDecl>(me->getMemberDecl());
  if (!fd) return nullptr;
  const clang::Expr *base = me->getBase()->IgnoreParenImpCasts();
  if (me->isArrow()) {
    const Binding *self = isa<CXXThisExpr>(base) ? thisStruct() : nullptr;
    if (!self) return nullptr;
    auto it = self->fields->find(fd);
    return it == self->fields->end() ? nullptr : &it->second;
  }
  const Binding *parent = nullptr;
  if (const auto *dr = dyn_cast<DeclRefExpr>(base)) {
    parent = lookup(dr->getDecl());
    if (!parent)
      if (const auto *pv = dyn_cast<ParmVarDecl>(dr->getDecl())) {
        auto it = kernelParams.find(pv);
        if (it != kernelParams.end()) parent = &it->second;
      }
  } else if (const auto *inner = dyn_cast<MemberExpr>(base)) {
    parent = structField(inner);
  } else {
    parent = paramArrayElement(base);
  }
  if (!parent || parent->kind != Binding::Kind::Struct) return nullptr;
  auto it = parent->fields->find(fd);
  return it == parent->fields->end() ? nullptr : &it->second;
}

const Binding *KernelBuilder::paramArrayElement(const clang::Expr *e) {
  const auto *as = dyn_cast<ArraySubscriptExpr>(e->IgnoreParenImpCasts());
  // Only a const element (a `const` or `__grid_constant__` parameter): the
  // binding is a copy, which a write through it would not update.
  if (!as || !as->getType().isConstQualified()) return nullptr;
  const auto *me = dyn_cast<MemberExpr>(as->getBase()->IgnoreParenImpCasts());
  const Binding *arr = me ? structField(me) : nullptr;
  if (!arr || arr->kind != Binding::Kind::ParamArray) return nullptr;
  ExprRef idx = Expr::resize(evalInt(as->getIdx()), 64, as->getIdx()->getType()->isSignedIntegerOrEnumerationType());
  std::vector<const Binding *> items;
  for (const Binding &b : *arr->items) items.push_back(&b);
  selectedElements.push_back(selectElement(items, idx, text(as), as->getBeginLoc()));
  return &selectedElements.back();
}

Binding KernelBuilder::selectElement(const std::vector<const Binding *> &items, const ExprRef &idx,
                                     const std::string &name, SourceLocation l) {
  Binding b{Binding::Kind::Private};
  if (items.empty()) return b;
  const Binding &first = *items.front();
  auto same = [&](Binding::Kind k) {
    return std::all_of(items.begin(), items.end(), [&](const Binding *x) { return x->kind == k; });
  };
  if (same(Binding::Kind::Var)) {
    ExprRef v = havoc(first.width, "element outside the array '" + name + "'");
    for (size_t j = items.size(); j-- > 0;)
      v = Expr::select(Expr::binary(Op::Eq, idx, c64(j)), Expr::var(items[j]->id, first.width), v);
    b.kind = Binding::Kind::Var;
    b.width = first.width;
    b.isSigned = first.isSigned;
    b.id = newVar(name, b.width, b.isSigned, l);
    assign(b.id, v, l);
    return b;
  }
  if (same(Binding::Kind::Struct)) {
    b.kind = Binding::Kind::Struct;
    b.fields = std::make_shared<std::map<const FieldDecl *, Binding>>();
    for (const auto &[f, fb] : *first.fields) {
      std::vector<const Binding *> sub;
      for (const Binding *x : items) sub.push_back(&x->fields->at(f));
      (*b.fields)[f] = selectElement(sub, idx, name + "." + f->getNameAsString(), l);
    }
    return b;
  }
  if (same(Binding::Kind::ParamArray) && first.items) {
    b.kind = Binding::Kind::ParamArray;  // a row of a 2-D array: selected element by element
    b.items = std::make_shared<std::vector<Binding>>();
    for (size_t k = 0; k < first.items->size(); ++k) {
      std::vector<const Binding *> sub;
      for (const Binding *x : items) sub.push_back(&(*x->items)[k]);
      b.items->push_back(selectElement(sub, idx, name + "[" + std::to_string(k) + "]", l));
    }
    return b;
  }
  return b;  // pointers (one region each) and other kinds: not modelled
}

// A by-value copy of a field-by-field struct (arguments of inlined calls).
Binding KernelBuilder::copyStruct(const Binding &src, SourceLocation l) {
  Binding dst = src;
  switch (src.kind) {
  case Binding::Kind::Var:
    dst.id = newVar(k.vars[src.id].name + ".copy", src.width, src.isSigned, l);
    assign(dst.id, Expr::var(src.id, src.width), l);
    return dst;
  case Binding::Kind::PtrVar:
    dst.constParamField = false;  // a copy may be re-assigned
    dst.id = newVar(k.vars[src.id].name + ".copy", 64, false, l);
    assign(dst.id, Expr::var(src.id, 64), l);
    return dst;
  case Binding::Kind::Struct:
    dst.fields = std::make_shared<std::map<const FieldDecl *, Binding>>();
    for (auto &[f, b] : *src.fields) (*dst.fields)[f] = copyStruct(b, l);
    return dst;
  default:
    return dst;
  }
}

// A by-copy capture: variables hold their value at the closure's creation;
// what is not a variable (a region, a parameter, a group) is the same
// binding. Nothing for a reference kept as a place (its value would be read
// at the capture).
std::optional<Binding> KernelBuilder::captureCopy(const Binding &b, SourceLocation l) {
  switch (b.kind) {
  case Binding::Kind::Var:
  case Binding::Kind::PtrVar:
    return copyStruct(b, l);
  case Binding::Kind::Struct: {
    std::function<bool(const Binding &)> copyable = [&](const Binding &x) {
      if (x.kind == Binding::Kind::Struct) {
        for (auto &[f, fb] : *x.fields)
          if (!copyable(fb)) return false;
        return true;
      }
      return x.kind == Binding::Kind::Var || x.kind == Binding::Kind::PtrVar || x.kind == Binding::Kind::Private;
    };
    if (!copyable(b)) return std::nullopt;
    return copyStruct(b, l);
  }
  case Binding::Kind::LocalArray: {
    Binding c = b;
    c.elems.clear();
    for (int id : b.elems) {
      int n = newVar(k.vars[id].name + ".copy", k.vars[id].width, k.vars[id].isSigned, l);
      assign(n, Expr::var(id, k.vars[id].width), l);
      c.elems.push_back(n);
    }
    if (b.elemRegions) c.elemRegions = std::make_shared<std::vector<int>>(*b.elemRegions);
    return c;
  }
  case Binding::Kind::Region:
  case Binding::Kind::Param:
  case Binding::Kind::PtrParam:
  case Binding::Kind::Group:
  case Binding::Kind::Private:
    return b;
  case Binding::Kind::RefPlace:
    return std::nullopt;
  }
  return std::nullopt;
}

// Before a loop is translated: the pointer variables its body may make null
// (assigned anything but an address or an array, passed by reference, their
// address taken) may be null from the loop's start on, since a truth test or
// comparison early in the body runs again after such a store.
void KernelBuilder::markPointersNullableIn(const clang::Stmt *s) {
  if (!s) return;
  auto mark = [&](const clang::Expr *e) {
    if (const auto *dr = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts()))
      if (Binding *b = lookup(dr->getDecl()); b && b->kind == Binding::Kind::PtrVar) b->maybeNull = true;
  };
  if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->getOpcode() == BO_Assign && bo->getLHS()->getType()->isPointerType()) {
    const clang::Expr *r = bo->getRHS()->IgnoreParens();
    const auto *decay = dyn_cast<ImplicitCastExpr>(r);
    const auto *addr = dyn_cast<UnaryOperator>(r->IgnoreParenImpCasts());
    if (!(decay && decay->getCastKind() == CK_ArrayToPointerDecay) && !(addr && addr->getOpcode() == UO_AddrOf))
      mark(bo->getLHS());
  } else if (const auto *u = dyn_cast<UnaryOperator>(s); u && u->getOpcode() == UO_AddrOf) {
    mark(u->getSubExpr());
  } else if (const auto *call = dyn_cast<CallExpr>(s)) {
    if (const FunctionDecl *fd = call->getDirectCallee())
      for (unsigned i = 0; i < call->getNumArgs() && i < fd->getNumParams(); ++i) {
        QualType pt = fd->getParamDecl(i)->getType();
        if (pt->isReferenceType() && !pt.getNonReferenceType().isConstQualified()) mark(call->getArg(i));
      }
  } else if (const auto *lam = dyn_cast<LambdaExpr>(s)) {
    markPointersNullableIn(lam->getBody());  // by-reference captures assigned in the body
  }
  for (const clang::Stmt *ch : s->children()) markPointersNullableIn(ch);
}

// Whether a call's object is a local variable initialized by the creation of
// a closure of this class (`auto f = [i] { ... }; f();`).
bool KernelBuilder::namesClosureVar(const clang::Expr *obj, const CXXRecordDecl *cls) {
  const auto *dr = obj ? dyn_cast<DeclRefExpr>(obj->IgnoreParenImpCasts()) : nullptr;
  const auto *vd = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
  if (!vd || isa<ParmVarDecl>(vd) || vd->getType()->isReferenceType() || !vd->getInit()) return false;
  const clang::Expr *x = vd->getInit();
  for (;;) {
    x = x->IgnoreImplicit()->IgnoreParens();
    if (const auto *ce = dyn_cast<CXXConstructExpr>(x); ce && ce->getNumArgs() == 1) { x = ce->getArg(0); continue; }
    if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(x)) { x = mt->getSubExpr(); continue; }
    break;
  }
  const auto *lam = dyn_cast<LambdaExpr>(x);
  return lam && lam->getLambdaClass() == cls;
}

// ------------------------------------------------------------------ lvalues

// The place a declaration names.
Place KernelBuilder::placeOfDecl(const ValueDecl *d, SourceLocation use, const std::string &name) {
  Binding b = bindingFor(d, use);
  Place p;
  p.text = name;
  switch (b.kind) {
  case Binding::Kind::Var:
    p.kind = Place::Kind::Var; p.var = b.id; p.width = b.width; p.isSigned = b.isSigned; return p;
  case Binding::Kind::PtrVar:
    p.kind = Place::Kind::PtrVar; p.var = b.id; p.region = b.region; p.decl = d; return p;
  case Binding::Kind::Param:
    p.kind = Place::Kind::Param; p.param = b.id; return p;
  case Binding::Kind::PtrParam:
    // Reading a pointer parameter: represent as a pointer var with offset 0.
    p.kind = Place::Kind::Private; return p;
  case Binding::Kind::Region:
    // (All extern __shared__ declarations alias offset 0 of one region.)
    p.kind = Place::Kind::Mem;
    p.region = b.id;
    p.off = c64(0);
    p.size = (unsigned)sizeOf(d->getType());
    return p;
  case Binding::Kind::RefPlace:
    return b.place;
  case Binding::Kind::Group:
    p.kind = Place::Kind::Group; p.group = b.group; return p;
  case Binding::Kind::Private:
  case Binding::Kind::Struct:
  case Binding::Kind::LocalArray:
    p.kind = Place::Kind::Private; return p;
  }
  return Place{};
}

Value KernelBuilder::addressOf(const Place &p, const std::string &what) {
  if (p.kind == Place::Kind::Mem) return Value::pointer(p.region, p.off);
  if (p.kind == Place::Kind::Var) escapedVars.insert(p.var);
  if (p.kind == Place::Kind::PtrVar) escapedPtrs.emplace(p.var, p.text);
  if (p.kind == Place::Kind::Var || p.kind == Place::Kind::Private || p.kind == Place::Kind::PtrVar)
    return Value::pointer(-2, c64(0));  // address of a thread-private object
  return Value::pointer(-1, havoc(64, "address of '" + what + "'"));
}

Place KernelBuilder::lvalue(const clang::Expr *e) {
  Place p = lvalueInner(e);
  if (p.kind == Place::Kind::Mem && e->getType().isVolatileQualified()) p.isVolatile = true;
  return p;
}

Place KernelBuilder::lvalueInner(const clang::Expr *e) {
  e = e->IgnoreParens();
  if (const auto *ewc = dyn_cast<ExprWithCleanups>(e)) return lvalue(ewc->getSubExpr());
  if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e)) {
    Place p;
    p.kind = Place::Kind::Private;
    p.text = text(e);
    eval(mt->getSubExpr());
    return p;
  }
  if (const auto *dr = dyn_cast<DeclRefExpr>(e))
    return placeOfDecl(dr->getDecl(), dr->getLocation(), dr->getDecl()->getNameAsString());
  if (const auto *as = dyn_cast<ArraySubscriptExpr>(e)) {
    if (const auto *me = dyn_cast<MemberExpr>(as->getBase()->IgnoreParenImpCasts()))
      if (const Binding *arr = structField(me); arr && arr->kind == Binding::Kind::ParamArray &&
                                                std::all_of(arr->items->begin(), arr->items->end(), [](const Binding &x) {
                                                  return x.kind == Binding::Kind::Var;
                                                }) && !arr->items->empty()) {
        // An element of a scalar array of a parameter struct: one variable each.
        Place p;
        p.kind = Place::Kind::Element;
        p.text = text(e);
        for (const Binding &x : *arr->items) p.elems.push_back(x.id);
        p.width = arr->items->front().width;
        p.isSigned = arr->items->front().isSigned;
        p.index = Expr::resize(evalInt(as->getIdx()), 64, as->getIdx()->getType()->isSignedIntegerOrEnumerationType());
        return p;
      }
    if (const auto *dr = dyn_cast<DeclRefExpr>(as->getBase()->IgnoreParenImpCasts()))
      if (const Binding *b = lookup(dr->getDecl()); b && b->kind == Binding::Kind::LocalArray) {
        Place p;
        p.kind = Place::Kind::Element;
        p.text = text(e);
        p.elems = b->elems;
        p.width = b->width;
        p.isSigned = b->isSigned;
        p.elemRegions = b->elemRegions;
        p.index = Expr::resize(evalInt(as->getIdx()), 64, as->getIdx()->getType()->isSignedIntegerOrEnumerationType());
        return p;
      }
    Value base = eval(as->getBase());
    ExprRef idx = evalInt(as->getIdx());
    Place p;
    p.text = text(e);
    if (base.kind != Value::Kind::Ptr) {  // a pointer the front end does not follow
      p.kind = Place::Kind::Invalid;
      return p;
    }
    if (base.region == -2) { p.kind = Place::Kind::Private; return p; }
    QualType et = as->getType();
    uint64_t es = sizeOf(et);
    bool sgn = as->getIdx()->getType()->isSignedIntegerOrEnumerationType();
    ExprRef delta = Expr::binary(Op::Mul, Expr::resize(idx, 64, sgn), c64(es));
    ExprRef off = Expr::binary(Op::Add, base.off, delta);
    p.kind = Place::Kind::Mem;
    p.region = base.region;
    p.off = off;
    p.size = (unsigned)es;
    if (base.alts && base.region == -1 && !base.addr) p.alts = shiftedAlts(*base.alts, delta);
    return p;
  }
  if (const auto *u = dyn_cast<UnaryOperator>(e)) {
    if (u->getOpcode() == UO_Deref) {
      Value v = eval(u->getSubExpr());
      Place p;
      p.text = text(e);
      if (v.kind != Value::Kind::Ptr) { p.kind = Place::Kind::Invalid; return p; }
      if (v.region == -2) { p.kind = Place::Kind::Private; return p; }
      p.kind = Place::Kind::Mem;
      p.region = v.region;
      p.off = v.off;
      p.size = (unsigned)sizeOf(u->getType());
      if (v.alts && v.region == -1 && !v.addr) p.alts = v.alts;
      return p;
    }
    if (u->getOpcode() == UO_PreInc || u->getOpcode() == UO_PreDec) {
      eval(u);
      return lvalue(u->getSubExpr());
    }
  }
  if (const auto *me = dyn_cast<MemberExpr>(e)) {
    const auto *fd = dyn_cast<FieldDecl>(me->getMemberDecl());
    if (const auto *vd = dyn_cast<VarDecl>(me->getMemberDecl())) {
      // A static data member named through an object (`a[0].count`): the
      // one variable; the object expression is evaluated for its effects.
      if (me->getBase()->HasSideEffects(ctx)) eval(me->getBase());
      return placeOfDecl(vd, me->getMemberLoc(), text(e));
    }
    if (const Binding *fb = structField(me)) {
      Place p;
      p.text = text(e);
      switch (fb->kind) {
      case Binding::Kind::Var: p.kind = Place::Kind::Var; p.var = fb->id; p.width = fb->width; p.isSigned = fb->isSigned; return p;
      case Binding::Kind::PtrVar:
        p.kind = Place::Kind::PtrVar; p.var = fb->id; p.region = fb->region;
        p.binding = const_cast<Binding *>(fb);  // the field's binding, shared with the struct
        return p;
      default: p.kind = Place::Kind::Private; return p;
      }
    }
    Place base;
    if (me->isArrow()) {
      Value v = eval(me->getBase());
      if (v.kind == Value::Kind::Ptr && v.region >= 0) {
        base.kind = Place::Kind::Mem; base.region = v.region; base.off = v.off;
      } else if (v.kind == Value::Kind::Ptr && v.region == -1) {
        base.kind = Place::Kind::Mem; base.region = -1; base.off = v.off;
      } else if (v.kind == Value::Kind::Ptr) {
        base.kind = Place::Kind::Private;
      } else {
        base.kind = Place::Kind::Invalid;
      }
    } else {
      base = lvalue(me->getBase());
    }
    Place p;
    p.text = text(e);
    if (base.kind == Place::Kind::Mem && fd) {
      const ASTRecordLayout &layout = ctx.getASTRecordLayout(fd->getParent());
      uint64_t bits = layout.getFieldOffset(fd->getFieldIndex());
      if (fd->isBitField()) {
        // One memory location: the maximal run of adjacent bit-fields of
        // non-zero width around it (C++ [intro.memory]), whole bytes.
        std::vector<const FieldDecl *> fs(fd->getParent()->field_begin(), fd->getParent()->field_end());
        size_t i = std::find(fs.begin(), fs.end(), fd) - fs.begin(), lo = i, hi = i;
        auto runs = [&](size_t j) { return fs[j]->isBitField() && !fs[j]->isZeroLengthBitField(); };
        while (lo > 0 && runs(lo - 1)) --lo;
        while (hi + 1 < fs.size() && runs(hi + 1)) ++hi;
        uint64_t first = UINT64_MAX, last = 0;
        for (size_t j = lo; j <= hi; ++j) {
          uint64_t at = layout.getFieldOffset(fs[j]->getFieldIndex());
          first = std::min(first, at);
          last = std::max(last, at + std::max(1u, fs[j]->getBitWidthValue()) - 1);
        }
        p.kind = Place::Kind::Mem;
        p.region = base.region;
        p.off = Expr::binary(Op::Add, base.off, c64(first / 8));
        p.size = (unsigned)(last / 8 - first / 8 + 1);
        p.bitField = true;
        return p;
      }
      p.kind = Place::Kind::Mem;
      p.region = base.region;
      p.off = Expr::binary(Op::Add, base.off, c64(bits / 8));
      p.size = (unsigned)sizeOf(me->getType());
      return p;
    }
    // A member of private storage is private; of a place that is not
    // modelled (the object a call returns by reference), not modelled.
    p.kind = base.kind == Place::Kind::Invalid || !fd ? Place::Kind::Invalid : Place::Kind::Private;
    return p;
  }
  if (const auto *co = dyn_cast<ConditionalOperator>(e)) {
    // (c ? a : b) as an lvalue: only when both sides name the same variable kind.
    Place p;
    p.kind = Place::Kind::Invalid;
    p.text = text(e);
    eval(co->getCond());
    unknown(e->getBeginLoc(), "conditional lvalue is not modelled");
    return p;
  }
  if (const auto *ce = dyn_cast<CastExpr>(e)) {
    if (ce->getCastKind() == CK_NoOp || ce->getCastKind() == CK_LValueBitCast ||
        ce->getCastKind() == CK_UncheckedDerivedToBase || ce->getCastKind() == CK_DerivedToBase) {
      Place p = lvalue(ce->getSubExpr());
      if (p.kind == Place::Kind::Mem) p.size = (unsigned)sizeOf(e->getType());
      return p;
    }
  }
  if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
    if (bo->isAssignmentOp() || bo->getOpcode() == BO_Comma) {
      eval(bo);
      return lvalue(bo->getOpcode() == BO_Comma ? bo->getRHS() : bo->getLHS());
    }
  }
  if (isa<CallExpr>(e)) {
    // Calls returning references: evaluate; a result that is not a modelled
    // pointer is a place that is not modelled (a write to it is `unknown`:
    // `at(s, i) = v` with `float& at(float* b, unsigned i) { return b[i]; }`
    // writes shared memory, and dropping it proved a race away).
    Value v = eval(e);
    Place p;
    p.text = text(e);
    p.kind = Place::Kind::Invalid;
    if (v.kind == Value::Kind::Ptr && v.region >= 0) {
      p.kind = Place::Kind::Mem; p.region = v.region; p.off = v.off; p.size = (unsigned)sizeOf(e->getType());
    } else if (v.kind == Value::Kind::Ptr && v.region == -1) {
      p.kind = Place::Kind::Mem; p.region = -1; p.off = v.off; p.size = (unsigned)sizeOf(e->getType());
    } else if (v.kind == Value::Kind::Ptr && v.region == -2 && !v.alts) {
      p.kind = Place::Kind::Private;  // a reference into thread-private storage (`return payload[i];`)
    }
    return p;
  }
  if (isa<CXXThisExpr>(e) || isa<PseudoObjectExpr>(e) || isa<OpaqueValueExpr>(e) || isa<StringLiteral>(e) ||
      isa<PredefinedExpr>(e) || isa<CompoundLiteralExpr>(e)) {
    Place p;
    p.kind = Place::Kind::Private;
    return p;
  }
  Place p;
  p.kind = Place::Kind::Invalid;
  p.text = text(e);
  unknown(e->getBeginLoc(), std::string("lvalue of kind ") + e->getStmtClassName() + " is not modelled");
  return p;
}

// ------------------------------------------------------------------ rvalues

Value KernelBuilder::eval(const clang::Expr *e) {
  // Integer constant expressions (template arguments, sizeof, enums, constexpr).
  if (!e->isValueDependent() && isIntLike(e->getType()) && e->isPRValue()) {
    clang::Expr::EvalResult r;
    if (e->EvaluateAsInt(r, ctx, clang::Expr::SE_NoSideEffects)) {
      const llvm::APSInt &v = r.Val.getInt();
      return Value::integer(Expr::constant(v.getZExtValue(), intWidth(ctx, e->getType())));
    }
  }
  return evalInner(e);
}

static std::optional<m::Builtin> builtinOf(StringRef object, StringRef field) {
  int idx = field == "x" || field.ends_with("_x") ? 0 : field == "y" || field.ends_with("_y") ? 1
            : field == "z" || field.ends_with("_z") ? 2 : -1;
  if (idx < 0) return std::nullopt;
  if (object.contains("threadIdx")) return (m::Builtin)((int)m::Builtin::ThreadIdxX + idx);
  if (object.contains("blockIdx")) return (m::Builtin)((int)m::Builtin::BlockIdxX + idx);
  if (object.contains("blockDim")) return (m::Builtin)((int)m::Builtin::BlockDimX + idx);
  if (object.contains("gridDim")) return (m::Builtin)((int)m::Builtin::GridDimX + idx);
  return std::nullopt;
}

Value KernelBuilder::evalInner(const clang::Expr *e) {
  e = e->IgnoreParens();
  QualType t = e->getType();

  if (const auto *il = dyn_cast<IntegerLiteral>(e))
    return Value::integer(Expr::constant(il->getValue().getZExtValue(), intWidth(ctx, t)));
  if (const auto *bl = dyn_cast<CXXBoolLiteralExpr>(e)) return Value::integer(Expr::boolean(bl->getValue()));
  if (const auto *cl = dyn_cast<CharacterLiteral>(e))
    return Value::integer(Expr::constant(cl->getValue(), intWidth(ctx, t)));
  if (isa<CXXNullPtrLiteralExpr>(e) || isa<GNUNullExpr>(e)) return Value::nullPointer();
  if (const auto *ewc = dyn_cast<ExprWithCleanups>(e)) return eval(ewc->getSubExpr());
  if (const auto *ce = dyn_cast<ConstantExpr>(e)) return eval(ce->getSubExpr());
  if (const auto *st = dyn_cast<SubstNonTypeTemplateParmExpr>(e)) return eval(st->getReplacement());
  if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e)) return eval(mt->getSubExpr());
  if (const auto *bt = dyn_cast<CXXBindTemporaryExpr>(e)) {
    const CXXDestructorDecl *d = bt->getTemporary() ? bt->getTemporary()->getDestructor() : nullptr;
    if (d && !destructorIsNoop(d->getParent(), sm))
      unknown(e->getBeginLoc(), "the destructor of a temporary '" + d->getParent()->getNameAsString() +
                                    "' runs at the end of the full-expression; destructors are not modelled");
    return eval(bt->getSubExpr());
  }
  if (const auto *fc = dyn_cast<CXXFunctionalCastExpr>(e)) {
    if (isIntLike(t) || t->isPointerType()) return castValue(fc);
    return eval(fc->getSubExpr());
  }

  if (const auto *po = dyn_cast<PseudoObjectExpr>(e)) {
    // threadIdx.x and friends: MSPropertyRefExpr on __cuda_builtin_*_t.
    if (const auto *pr = dyn_cast<MSPropertyRefExpr>(po->getSyntacticForm()->IgnoreParens())) {
      std::string obj = pr->getBaseExpr()->IgnoreImpCasts()->getType().getAsString();
      std::string field = pr->getPropertyDecl()->getName().str();
      if (auto b = builtinOf(obj, field)) return Value::integer(Expr::builtinVar(*b));
    }
    return Value::integer(havoc(intWidth(ctx, t), "property '" + text(e) + "'"));
  }

  if (const auto *dr = dyn_cast<DeclRefExpr>(e)) {
    const ValueDecl *d = dr->getDecl();
    if (const auto *ec = dyn_cast<EnumConstantDecl>(d))
      return Value::integer(Expr::constant(ec->getInitVal().getZExtValue(), intWidth(ctx, t)));
    if (const auto *vd = dyn_cast<VarDecl>(d)) {
      // CUDA builtins referenced as whole objects (dim3 copies) are not modelled.
      std::string ty = vd->getType().getAsString();
      if (ty.find("__cuda_builtin_") != std::string::npos) return Value::none();
      // Constants with known initial values.
      // (Not a parameter: a `const int n` parameter has no initializer, and
      // evaluating it crashed Clang: the CUDA samples' warpAggregatedAtomicsCG.)
      if (vd->getType().isConstQualified() && isIntLike(vd->getType()) && !isa<ParmVarDecl>(vd) && vd->hasInit() &&
          !lookup(vd)) {
        if (const APValue *val = vd->evaluateValue()) {
          if (val->isInt())
            return Value::integer(Expr::constant(val->getInt().getZExtValue(), intWidth(ctx, t)));
        }
      }
    }
    Binding b = bindingFor(d, dr->getLocation());
    switch (b.kind) {
    case Binding::Kind::Var: return Value::integer(b.constant ? b.constant : Expr::var(b.id, b.width));
    case Binding::Kind::PtrVar: {
      if (b.tag >= 0) return choiceValue(b);
      Value v = Value::pointer(b.region, Expr::var(b.id, 64));
      v.addr = b.addr;
      v.maybeNull = b.maybeNull;
      v.null = b.null;
      return v;
    }
    case Binding::Kind::Param: return Value::integer(Expr::param(b.id, k.params[b.id].width));
    case Binding::Kind::PtrParam: return Value::pointer(b.id, c64(0));
    case Binding::Kind::Region: {
      // An array used as a value decays through ImplicitCast; a scalar global is a load.
      if (t->isArrayType()) return Value::pointer(b.id, c64(0));
      return load(lvalue(e), t, e->getBeginLoc());
    }
    case Binding::Kind::RefPlace: return load(b.place, t, e->getBeginLoc());
    case Binding::Kind::Group: return b.group;
    case Binding::Kind::Struct: return Value::none();
    case Binding::Kind::LocalArray:
    case Binding::Kind::Private:
      if (t->isArrayType()) return Value::pointer(-2, c64(0));
      if (isIntLike(t)) return Value::integer(havoc(intWidth(ctx, t), "value of '" + d->getNameAsString() + "'"));
      if (t->isPointerType()) return Value::pointer(-1, havoc(64, "pointer '" + d->getNameAsString() + "'"));
      return Value::none();
    }
  }

  if (const auto *c = dyn_cast<CastExpr>(e)) return castValue(c);

  if (const auto *u = dyn_cast<UnaryOperator>(e)) {
    const clang::Expr *sub = u->getSubExpr();
    switch (u->getOpcode()) {
    case UO_AddrOf:
      return addressOf(lvalue(sub), text(sub));
    case UO_Deref:
      return load(lvalue(e), t, e->getBeginLoc());
    case UO_PreInc: case UO_PreDec: case UO_PostInc: case UO_PostDec: {
      Place p = lvalue(sub);
      Value old = load(p, sub->getType(), e->getBeginLoc());
      bool inc = u->isIncrementOp();
      Value nv;
      if (old.kind == Value::Kind::Int) {
        ExprRef one = Expr::constant(1, old.e->width);
        bool nsw = sub->getType()->isSignedIntegerOrEnumerationType() && old.e->width >= 32;
        nv = Value::integer(Expr::binary(inc ? Op::Add : Op::Sub, old.e, one, nsw));
      } else if (old.kind == Value::Kind::Ptr && old.addr) {
        nv = old;  // an address held as an integer: one byte
        nv.off = Expr::binary(inc ? Op::Add : Op::Sub, old.off, c64(1));
      } else if (old.kind == Value::Kind::Ptr && sub->getType()->isPointerType()) {
        uint64_t es = sizeOf(sub->getType()->getPointeeType());
        nv = Value::pointer(old.region, Expr::binary(inc ? Op::Add : Op::Sub, old.off, c64(es)));
      } else if (old.kind == Value::Kind::Ptr) {
        nv = Value::pointer(-1, havoc(64, "pointer"));
      }
      // `x++` yields the old value: an expression that reads the variable would read the new one
      // after the store (`int z = k++;` is `k = k + 1; z = k` otherwise), so a used old value is
      // kept in a variable of its own first.
      if (u->isPostfix() && u != discardedResult)
        old = keepValue(old, text(sub) + " (before ++/--)", sub->getType()->isSignedIntegerOrEnumerationType(),
                        e->getBeginLoc());
      store(p, nv, e->getBeginLoc());
      return u->isPrefix() ? nv : old;
    }
    case UO_Plus: return eval(sub);
    case UO_Minus: {
      Value v = eval(sub);
      if (v.kind != Value::Kind::Int) return Value::integer(havoc(intWidth(ctx, t), "negation"));
      return Value::integer(Expr::unary(Op::Neg, v.e, v.e->width));
    }
    case UO_Not: {
      Value v = eval(sub);
      if (v.kind != Value::Kind::Int) return Value::integer(havoc(intWidth(ctx, t), "complement"));
      return Value::integer(Expr::unary(Op::Not, v.e, v.e->width));
    }
    case UO_LNot:
      return Value::integer(Expr::unary(Op::LNot, evalCond(sub), 1));
    default:
      break;
    }
  }

  if (const auto *b = dyn_cast<BinaryOperator>(e)) return binaryOp(b);

  if (const auto *co = dyn_cast<ConditionalOperator>(e))
    return shortCircuit(co->getCond(), co->getTrueExpr(), co->getFalseExpr(), false, true, t);
  if (const auto *bco = dyn_cast<BinaryConditionalOperator>(e)) {
    eval(bco->getCommon());
    if (bco->getFalseExpr()->HasSideEffects(ctx))
      unknown(bco->getBeginLoc(), "the right operand of GNU '?:' has side effects; not modelled");
    return Value::integer(havoc(intWidth(ctx, t), "?: value"));
  }

  if (isa<ArraySubscriptExpr>(e) || isa<MemberExpr>(e)) {
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      // Fields of dim3 builtins copied into locals are handled as values.
      if (const auto *fd = dyn_cast<FieldDecl>(me->getMemberDecl())) (void)fd;
      if (isa<CXXMethodDecl>(me->getMemberDecl())) return Value::none();
    }
    return load(lvalue(e), t, e->getBeginLoc());
  }

  if (const auto *c = dyn_cast<CallExpr>(e)) return call(c);

  if (const auto *sz = dyn_cast<UnaryExprOrTypeTraitExpr>(e)) {
    (void)sz;
    return Value::integer(havoc(intWidth(ctx, t), "sizeof/alignof"));
  }
  if (isa<FloatingLiteral>(e) || isa<StringLiteral>(e) || isa<ImaginaryLiteral>(e)) return Value::none();
  if (const auto *ctor = dyn_cast<CXXConstructExpr>(e)) {
    unsigned gs = 0;
    int gk = groupKindOf(t, gs);
    if (gk) {
      // Copy of a group object.
      if (ctor->getNumArgs() == 1) return eval(ctor->getArg(0));
      Value v; v.kind = Value::Kind::Group; v.group = gk; v.groupSize = gs; return v;
    }
    const CXXConstructorDecl *cd = ctor->getConstructor();
    bool userCtor = cd && cd->hasBody() && !cd->isTrivial() && !cd->isDefaulted() &&
                    !sm.isInSystemHeader(cd->getLocation());
    // A user-written constructor of an object whose fields the front end
    // never holds as values (no integer, pointer or reference field of a user
    // class, so no local of its type is held field by field: floats, library
    // types such as __nv_bfloat16): the object is thread-private storage,
    // and the constructor is inlined on it, its arguments, member
    // initializers and body with their effects on memory, its stores to the
    // object dropped (private).
    // (library classes are never held so: not looked into)
    if (userCtor && !anyMember(cd->getParent(), [](QualType ft) {
          return isIntLike(ft) || ft->isPointerType() || ft->isReferenceType();
        }, false, &sm)) {
      std::vector<const clang::Expr *> args(ctor->arg_begin(), ctor->arg_end());
      inlineBody(e->getBeginLoc(), args, false, cd, nullptr, true);
      return Value::none();
    }
    for (const clang::Expr *a : ctor->arguments()) eval(a);
    if (userCtor)
      unknown(e->getBeginLoc(), "user-defined constructor '" + cd->getQualifiedNameAsString() +
                                    "' is not modelled (a class with integer or pointer fields)");
    else if (ctor->getConstructor() && !ctor->getConstructor()->isTrivial() &&
             !ctor->getConstructor()->isUserProvided() &&
             implicitInitHasEffects(ctor->getConstructor()->getParent(), ctx, sm))
      unknown(e->getBeginLoc(), "the implicit constructor of '" + ctor->getConstructor()->getParent()->getNameAsString() +
                                    "' runs member initializers or constructors with effects; not modelled");
    return Value::none();
  }
  if (const auto *il = dyn_cast<InitListExpr>(e)) {
    for (const clang::Expr *a : il->inits()) eval(a);
    return Value::none();
  }
  if (isa<CXXDefaultArgExpr>(e)) return eval(cast<CXXDefaultArgExpr>(e)->getExpr());
  if (isa<CXXDefaultInitExpr>(e)) return eval(cast<CXXDefaultInitExpr>(e)->getExpr());
  if (isa<ImplicitValueInitExpr>(e) || isa<CXXScalarValueInitExpr>(e)) {
    if (isIntLike(t)) return Value::integer(Expr::constant(0, intWidth(ctx, t)));
    if (t->isPointerType()) return Value::pointer(-2, c64(0));
    return Value::none();
  }
  if (const auto *lam = dyn_cast<LambdaExpr>(e)) {
    // Creating the closure: init-captures are variables initialized now
    // ([z = (s[i] = v)], [&r = s[0]]); by-copy captures hold the captured
    // variables' values now, which later assignments do not change. A call
    // of the closure binds them (inlineCall).
    const CXXRecordDecl *cls = lam->getLambdaClass();
    auto &copies = closureCopies[cls];
    copies.clear();
    ++closureCreations[cls];
    for (const LambdaCapture &cap : lam->captures()) {
      if (!cap.capturesVariable()) continue;
      const auto *cv = dyn_cast<VarDecl>(cap.getCapturedVar());
      if (!cv) continue;
      if (cv->isInitCapture()) {
        varDecl(cv);
        continue;
      }
      if (cap.getCaptureKind() != LCK_ByCopy) continue;
      // (A kernel parameter too: the kernel may assign it after the capture.)
      const Binding *b = lookupAny(cv);
      if (!b) continue;  // not bound: not modelled at its use
      std::optional<Binding> copy = captureCopy(*b, cap.getLocation());
      if (!copy) {
        unknown(cap.getLocation(), "by-copy capture of '" + cv->getNameAsString() + "' is not modelled");
        continue;
      }
      copies.push_back({cv, *copy});
    }
    return Value::none();
  }
  if (isa<CXXThisExpr>(e)) {
    for (auto it = frames.rbegin(); it != frames.rend(); ++it)
      if (it->hasThis) return it->thisValue;
    return Value::pointer(-2, c64(0));
  }
  if (const auto *ov = dyn_cast<OpaqueValueExpr>(e)) {
    if (ov->getSourceExpr()) return eval(ov->getSourceExpr());
  }

  // Anything else: an arbitrary value, but only if evaluation has no effects
  // we would miss: no side effects, and no reads of memory (a read is no side
  // effect for Clang, but a missed read is a missed race).
  if (e->HasSideEffects(ctx)) {
    unknown(e->getBeginLoc(), std::string("expression of kind ") + e->getStmtClassName() + " with side effects is not modelled");
  } else if (readsMemory(e)) {
    unknown(e->getBeginLoc(), std::string("expression of kind ") + e->getStmtClassName() + " that reads memory is not modelled");
  }
  if (isIntLike(t)) return Value::integer(havoc(intWidth(ctx, t), "value of '" + text(e) + "'"));
  if (t->isPointerType()) return Value::pointer(-1, havoc(64, "pointer '" + text(e) + "'"));
  return Value::none();
}

std::optional<Value> KernelBuilder::loadMinMax(const CallExpr *c, QualType t) {
  const FunctionDecl *fd = c->getDirectCallee();
  if (!fd || c->getNumArgs() != 2) return std::nullopt;
  std::string q = fd->getQualifiedNameAsString();
  bool isMax = q == "std::max" || q == "cuda::std::max";
  if (!isMax && q != "std::min" && q != "cuda::std::min") return std::nullopt;
  Value v[2];
  for (unsigned i = 0; i < 2; ++i) {
    const clang::Expr *a = c->getArg(i)->IgnoreParens();
    if (const auto *m = dyn_cast<MaterializeTemporaryExpr>(a)) a = m->getSubExpr()->IgnoreParens();
    v[i] = a->isGLValue() ? load(lvalue(a), a->getType(), a->getBeginLoc()) : eval(a);
  }
  if (!isIntLike(t) || v[0].kind != Value::Kind::Int || v[1].kind != Value::Kind::Int) {
    if (isIntLike(t)) return Value::integer(havoc(intWidth(ctx, t), "result of " + q));
    return Value::none();
  }
  unsigned w = intWidth(ctx, t);
  bool sgn = t->isSignedIntegerOrEnumerationType();
  ExprRef a = Expr::resize(v[0].e, w, sgn), b = Expr::resize(v[1].e, w, sgn);
  Op lt = sgn ? Op::SLt : Op::ULt;
  ExprRef pickB = isMax ? Expr::binary(lt, a, b) : Expr::binary(lt, b, a);
  return Value::integer(Expr::select(pickB, b, a));
}

Value KernelBuilder::castValue(const CastExpr *c) {
  const clang::Expr *sub = c->getSubExpr();
  QualType t = c->getType();
  switch (c->getCastKind()) {
  case CK_LValueToRValue:
    if (isa<DeclRefExpr>(sub->IgnoreParens())) return evalInner(sub);
    if (const auto *co = dyn_cast<ConditionalOperator>(sub->IgnoreParens())) return loadConditional(co, t);
    if (const auto *call = dyn_cast<CallExpr>(sub->IgnoreParens()))
      if (std::optional<Value> v = loadMinMax(call, t)) return *v;
    return load(lvalue(sub), t, sub->getBeginLoc());
  case CK_ArrayToPointerDecay: {
    Place p = lvalue(sub);
    if (p.kind == Place::Kind::Mem) return Value::pointer(p.region, p.off);
    if (p.kind == Place::Kind::Private) return Value::pointer(-2, c64(0));
    return Value::pointer(-1, havoc(64, "array '" + p.text + "'"));
  }
  case CK_IntegralCast: {
    Value v = eval(sub);
    if (v.kind != Value::Kind::Int) return Value::integer(havoc(intWidth(ctx, t), "cast"));
    bool sgn = sub->getType()->isSignedIntegerOrEnumerationType();
    return Value::integer(Expr::resize(v.e, intWidth(ctx, t), sgn));
  }
  case CK_IntegralToBoolean: {
    Value v = eval(sub);
    if (v.kind != Value::Kind::Int) return Value::integer(havoc(1, "bool"));
    return Value::integer(Expr::truth(v.e));
  }
  case CK_PointerToBoolean: {
    Value v = eval(sub);
    if (v.kind == Value::Kind::Ptr && v.null) return Value::integer(Expr::boolean(false));
    // A pointer into the memory of a pointer parameter: whether that
    // parameter is null, an input of the launch (`--param 'nonnull(p.w)=1'`).
    if (v.kind == Value::Kind::Ptr && v.region >= 0 && !v.maybeNull && !v.addr)
      if (int pid = nonNullParam(v.region); pid >= 0) return Value::integer(Expr::param(pid, 1));
    // Known to be true only for an address in shared memory that cannot be
    // null: a pointer parameter (global memory) may be null.
    if (v.kind == Value::Kind::Ptr && v.region >= 0 && !v.maybeNull &&
        k.regions[v.region].space == m::AddressSpace::Shared)
      return Value::integer(Expr::boolean(true));
    return Value::integer(havoc(1, "pointer truth value"));
  }
  case CK_NoOp: case CK_BitCast: case CK_UserDefinedConversion: case CK_ConstructorConversion:
  case CK_AddressSpaceConversion: case CK_UncheckedDerivedToBase: case CK_DerivedToBase:
  case CK_AtomicToNonAtomic: case CK_NonAtomicToAtomic: case CK_ToVoid: {
    Value v = eval(sub);
    if (c->getCastKind() == CK_ToVoid) return Value::none();
    if (v.kind == Value::Kind::Int && isIntLike(t)) return Value::integer(Expr::resize(v.e, intWidth(ctx, t), false));
    return v;
  }
  case CK_FunctionToPointerDecay: case CK_BuiltinFnToFnPtr:
    return Value::none();
  case CK_NullToPointer:
    eval(sub);
    return Value::nullPointer();
  case CK_IntegralToPointer: {
    Value v = eval(sub);
    if (v.kind == Value::Kind::Ptr && v.addr) {
      v.addr = false;
      return v;
    }
    return Value::pointer(-1, havoc(64, "integer converted to pointer"));
  }
  case CK_PointerToIntegral: {
    Value v = eval(sub);
    if (v.kind == Value::Kind::Ptr && v.region >= 0 && intWidth(ctx, t) == 64) {
      v.addr = true;
      return v;
    }
    return Value::integer(havoc(intWidth(ctx, t), "pointer converted to integer"));
  }
  default: {
    Value v = eval(sub);
    (void)v;
    if (isIntLike(t)) return Value::integer(havoc(intWidth(ctx, t), "value of '" + text(c) + "'"));
    if (t->isPointerType()) return Value::pointer(-1, havoc(64, "pointer cast"));
    return Value::none();
  }
  }
}

// Arithmetic on an address held as an integer: adding or subtracting an
// integer (bytes), and rounding down to a power of two no larger than the
// region's base alignment ((a + 127) & ~127 on a 128-aligned array: the
// offset rounds alike). Anything else is an arbitrary integer.
Value KernelBuilder::addressArith(BinaryOperatorKind opc, const Value &l, const Value &r, QualType resultT,
                                  const clang::Expr *where) {
  auto arbitrary = [&]() {
    return isIntLike(resultT) ? Value::integer(havoc(intWidth(ctx, resultT), "address arithmetic '" + text(where) + "'"))
                              : Value::pointer(-1, havoc(64, "address arithmetic"));
  };
  const Value &a = l.addr ? l : r, &n = l.addr ? r : l;
  if (n.kind != Value::Kind::Int || (l.addr && r.addr)) return arbitrary();
  Value out = a;
  ExprRef d = Expr::resize(n.e, 64, false);
  if (opc == BO_Add || opc == BO_AddAssign) {
    out.off = Expr::binary(Op::Add, a.off, d);
    return out;
  }
  if ((opc == BO_Sub || opc == BO_SubAssign) && l.addr) {
    out.off = Expr::binary(Op::Sub, a.off, d);
    return out;
  }
  if (opc == BO_And || opc == BO_AndAssign) {
    const auto *bo = dyn_cast_or_null<BinaryOperator>(where);
    clang::Expr::EvalResult er;
    const clang::Expr *maskE = bo ? (l.addr ? bo->getRHS() : bo->getLHS()) : nullptr;
    if (!maskE || !maskE->EvaluateAsInt(er, ctx)) return arbitrary();
    uint64_t mask = er.Val.getInt().getZExtValue(), low = ~mask;
    auto al = regionAlign.find(a.region);
    // mask = ~(2^n - 1) with 2^n <= the base alignment.
    if (al == regionAlign.end() || (low & (low + 1)) != 0 || low + 1 > al->second) return arbitrary();
    out.off = Expr::binary(Op::And, a.off, c64(mask));
    return out;
  }
  return arbitrary();
}

Value KernelBuilder::arith(BinaryOperatorKind opc, Value l, Value r, QualType lt, QualType rt,
                           QualType resultT, const clang::Expr *where) {
  if (l.addr || r.addr) return addressArith(opc, l, r, resultT, where);
  // Pointer arithmetic (a pointer value of a non-pointer type is arbitrary).
  if ((l.kind == Value::Kind::Ptr && !lt->isPointerType() && !lt->isArrayType()) ||
      (r.kind == Value::Kind::Ptr && !rt->isPointerType() && !rt->isArrayType())) {
    if (isIntLike(resultT)) return Value::integer(havoc(intWidth(ctx, resultT), "value of '" + text(where) + "'"));
    return Value::pointer(-1, havoc(64, "pointer expression"));
  }
  if (l.kind == Value::Kind::Ptr || r.kind == Value::Kind::Ptr) {
    if ((opc == BO_Add || opc == BO_Sub) && l.kind == Value::Kind::Ptr && r.kind == Value::Kind::Int) {
      uint64_t es = sizeOf(lt->getPointeeType());
      bool sgn = rt->isSignedIntegerOrEnumerationType();
      ExprRef d = Expr::binary(Op::Mul, Expr::resize(r.e, 64, sgn), c64(es));
      if (l.alts) {  // the same offset in every alternative
        std::vector<Value::Alt> alts = *l.alts;
        for (auto &a : alts) a.off = Expr::binary(opc == BO_Add ? Op::Add : Op::Sub, a.off, d);
        return Value::choice(std::move(alts));
      }
      Value v = Value::pointer(l.region, Expr::binary(opc == BO_Add ? Op::Add : Op::Sub, l.off, d));
      v.maybeNull = l.maybeNull;
      return v;
    }
    if (opc == BO_Add && r.kind == Value::Kind::Ptr && l.kind == Value::Kind::Int) {
      uint64_t es = sizeOf(rt->getPointeeType());
      bool sgn = lt->isSignedIntegerOrEnumerationType();
      if (r.alts) {
        std::vector<Value::Alt> alts = *r.alts;
        for (auto &a : alts)
          a.off = Expr::binary(Op::Add, a.off, Expr::binary(Op::Mul, Expr::resize(l.e, 64, sgn), c64(es)));
        return Value::choice(std::move(alts));
      }
      Value v = Value::pointer(r.region, Expr::binary(Op::Add, r.off, Expr::binary(Op::Mul, Expr::resize(l.e, 64, sgn), c64(es))));
      v.maybeNull = r.maybeNull;
      return v;
    }
    if (opc == BO_Sub && l.kind == Value::Kind::Ptr && r.kind == Value::Kind::Ptr) {
      if (l.region == r.region && l.region >= 0) {
        uint64_t es = sizeOf(lt->getPointeeType());
        return Value::integer(Expr::resize(Expr::binary(Op::SDiv, Expr::binary(Op::Sub, l.off, r.off), c64(es)),
                                           intWidth(ctx, resultT), true));
      }
      return Value::integer(havoc(intWidth(ctx, resultT), "pointer difference"));
    }
    // (A pointer that may be null has its other value's offset in the model:
    // comparing it says nothing.)
    if (BinaryOperator::isComparisonOp(opc) && l.kind == Value::Kind::Ptr && r.kind == Value::Kind::Ptr &&
        l.region == r.region && l.region >= 0 && !l.maybeNull && !r.maybeNull) {
      Op op = opc == BO_EQ ? Op::Eq : opc == BO_NE ? Op::Ne : opc == BO_LT ? Op::ULt : opc == BO_LE ? Op::ULe
              : opc == BO_GT ? Op::UGt : Op::UGe;
      return Value::integer(Expr::binary(op, l.off, r.off));
    }
    if (isIntLike(resultT)) return Value::integer(havoc(intWidth(ctx, resultT), "pointer expression '" + text(where) + "'"));
    return Value::pointer(-1, havoc(64, "pointer expression"));
  }
  if (l.kind != Value::Kind::Int || r.kind != Value::Kind::Int) {
    if (isIntLike(resultT)) return Value::integer(havoc(intWidth(ctx, resultT), "value of '" + text(where) + "'"));
    return Value::none();
  }
  bool sgn = lt->isSignedIntegerOrEnumerationType();
  ExprRef a = l.e, b = r.e;
  if (opc == BO_Shl || opc == BO_Shr) {
    b = Expr::resize(b, a->width, rt->isSignedIntegerOrEnumerationType());
  } else if (a->width != b->width) {
    unsigned w = std::max(a->width, b->width);
    a = Expr::resize(a, w, sgn);
    b = Expr::resize(b, w, rt->isSignedIntegerOrEnumerationType());
  }
  Op op;
  switch (opc) {
  case BO_Add: op = Op::Add; break;
  case BO_Sub: op = Op::Sub; break;
  case BO_Mul: op = Op::Mul; break;
  case BO_Div: op = sgn ? Op::SDiv : Op::UDiv; break;
  case BO_Rem: op = sgn ? Op::SRem : Op::URem; break;
  case BO_Shl: op = Op::Shl; break;
  case BO_Shr: op = sgn ? Op::AShr : Op::LShr; break;
  case BO_And: op = Op::And; break;
  case BO_Or: op = Op::Or; break;
  case BO_Xor: op = Op::Xor; break;
  case BO_EQ: op = Op::Eq; break;
  case BO_NE: op = Op::Ne; break;
  case BO_LT: op = sgn ? Op::SLt : Op::ULt; break;
  case BO_LE: op = sgn ? Op::SLe : Op::ULe; break;
  case BO_GT: op = sgn ? Op::SGt : Op::UGt; break;
  case BO_GE: op = sgn ? Op::SGe : Op::UGe; break;
  default:
    return Value::integer(havoc(intWidth(ctx, resultT), "operator"));
  }
  if (a->width == 1 && (op == Op::And || op == Op::Or)) op = op == Op::And ? Op::LAnd : Op::LOr;
  // Signed int arithmetic: overflow is undefined behaviour (nsw).
  bool nsw = sgn && a->width >= 32 && !resultT->isBooleanType();
  ExprRef res = Expr::binary(op, a, b, nsw);
  if (isIntLike(resultT) && res->width != intWidth(ctx, resultT))
    res = Expr::resize(res, intWidth(ctx, resultT), false);
  return Value::integer(res);
}

Value KernelBuilder::binaryOp(const BinaryOperator *b) {
  BinaryOperatorKind opc = b->getOpcode();
  if (opc == BO_Comma) {
    eval(b->getLHS());
    return eval(b->getRHS());
  }
  if (opc == BO_LAnd || opc == BO_LOr)
    return shortCircuit(b->getLHS(), b->getRHS(), nullptr, opc == BO_LAnd, false, b->getType());
  if (opc == BO_Assign) {
    Value v = eval(b->getRHS());
    Place p = lvalue(b->getLHS());
    if (v.kind == Value::Kind::Int && p.kind == Place::Kind::Var)
      v.e = Expr::resize(v.e, k.vars[p.var].width, false);
    // A floating-point constant (after the conversion to the left side's
    // type): its bits, for the store's Stmt::stored.
    llvm::APFloat f(0.0);
    if (v.kind == Value::Kind::None && b->getLHS()->getType()->isRealFloatingType() &&
        b->getRHS()->getType()->isRealFloatingType() && !b->getRHS()->isValueDependent() &&
        b->getRHS()->EvaluateAsFloat(f, ctx) && ctx.getTypeSize(b->getLHS()->getType()) <= 64) {
      llvm::APInt bits = f.bitcastToAPInt();
      if (bits.getBitWidth() == ctx.getTypeSize(b->getLHS()->getType())) storedFloatBits = bits.getZExtValue();
    }
    // Bits reinterpreted from an integer constant (`__int_as_float(1)`,
    // `__longlong_as_double(c)`): those bits.
    if (v.kind == Value::Kind::None && !storedFloatBits && b->getLHS()->getType()->isRealFloatingType())
      if (const auto *ce = dyn_cast<CallExpr>(b->getRHS()->IgnoreParenImpCasts());
          ce && ce->getDirectCallee() && ce->getNumArgs() == 1 && !ce->getArg(0)->isValueDependent()) {
        std::string fn = ce->getDirectCallee()->getNameAsString();
        clang::Expr::EvalResult r;
        if ((fn == "__int_as_float" || fn == "__uint_as_float" || fn == "__longlong_as_double") &&
            ctx.getTypeSize(ce->getType()) == ctx.getTypeSize(b->getLHS()->getType()) &&
            ce->getArg(0)->EvaluateAsInt(r, ctx, clang::Expr::SE_NoSideEffects))
          storedFloatBits = r.Val.getInt().getZExtValue();
      }
    store(p, v, b->getOperatorLoc());
    storedFloatBits.reset();
    return v;
  }
  if (const auto *ca = dyn_cast<CompoundAssignOperator>(b)) {
    Value r = eval(b->getRHS());
    Place p = lvalue(b->getLHS());
    QualType lt = b->getLHS()->getType();
    Value old = load(p, lt, b->getOperatorLoc());
    QualType ct = ca->getComputationLHSType();
    if (old.kind == Value::Kind::Int && isIntLike(ct))
      old.e = Expr::resize(old.e, intWidth(ctx, ct), lt->isSignedIntegerOrEnumerationType());
    Value nv = arith(BinaryOperator::getOpForCompoundAssignment(opc), old, r,
                     lt->isPointerType() ? lt : ct, ca->getComputationResultType().isNull() ? b->getRHS()->getType() : b->getRHS()->getType(),
                     lt->isPointerType() ? lt : ca->getComputationResultType(), b);
    if (nv.kind == Value::Kind::Int && isIntLike(lt))
      nv.e = Expr::resize(nv.e, intWidth(ctx, lt), ct->isSignedIntegerOrEnumerationType());
    store(p, nv, b->getOperatorLoc());
    return nv;
  }
  Value l = eval(b->getLHS());
  // The left operand is read before the right one's side effects (sequenced for << and >> since
  // C++17; unsequenced, hence undefined, for the others, where any value will do): when the right
  // operand assigns what it reads, its value is copied before them.
  const StmtRef block = current;
  const size_t before = current->stmts.size();
  Value r = eval(b->getRHS());
  if (current == block && assignsAnyOf(current->stmts, before, l))
    l = keepValue(l, text(b->getLHS()) + " (left operand)", b->getLHS()->getType()->isSignedIntegerOrEnumerationType(),
                  b->getOperatorLoc(), before);
  return arith(opc, l, r, b->getLHS()->getType(), b->getRHS()->getType(), b->getType(), b);
}

// a && b, a || b, c ? a : b: pure operands become expressions; operands with
// effects (accesses, barriers) are guarded by an If statement.
Value KernelBuilder::shortCircuit(const clang::Expr *cond, const clang::Expr *lhs, const clang::Expr *rhs,
                                  bool isAnd, bool isSelect, QualType t) {
  ExprRef c = evalCond(cond);
  // The condition as it is now, where the operands it guards assign what it reads
  // (`(++k == 1) && (++k == 2)`): the result is built after them.
  auto keepCond = [&](std::initializer_list<StmtRef> blocks) {
    for (const StmtRef &blk : blocks)
      if (blk && assignsAnyOf(blk->stmts, 0, Value::integer(c))) {
        c = keepValue(Value::integer(c), "condition '" + text(cond) + "'", false, cond->getBeginLoc()).e;
        return;
      }
  };
  auto evalInBlock = [&](const clang::Expr *x, StmtRef &blk) -> Value {
    StmtRef saved = current;
    blk = newBlock();
    current = blk;
    Value v = eval(x);
    current = saved;
    return v;
  };
  if (!isSelect) {
    // cond is the left operand; lhs is the right operand.
    StmtRef blk;
    Value r = evalInBlock(lhs, blk);
    ExprRef rv = r.kind == Value::Kind::Int ? Expr::truth(r.e) : havoc(1, "condition '" + text(lhs) + "'");
    keepCond({blk});
    if (!blk->stmts.empty()) {
      auto s = Stmt::make(Stmt::Kind::If, loc(userLoc(lhs->getBeginLoc())));
      s->cond = isAnd ? c : Expr::unary(Op::LNot, c, 1);
      s->thenS = blk;
      emit(s);
    }
    return Value::integer(Expr::binary(isAnd ? Op::LAnd : Op::LOr, c, rv));
  }
  StmtRef ba, bb;
  Value a = evalInBlock(lhs, ba);
  Value b = evalInBlock(rhs, bb);
  keepCond({ba, bb});
  return joinSelect(c, ba, bb, a, b, t, cond->getBeginLoc());
}

// Joins the two sides of a ?: : their effects guarded by an If, their values
// selected by the condition.
Value KernelBuilder::joinSelect(ExprRef c, StmtRef ba, StmtRef bb, Value a, Value b, QualType t, SourceLocation l) {
  if (!ba->stmts.empty() || !bb->stmts.empty()) {
    auto s = Stmt::make(Stmt::Kind::If, loc(userLoc(l)));
    s->cond = c;
    s->thenS = ba;
    s->elseS = bb;
    emit(s);
  }
  if (a.kind == Value::Kind::Int && b.kind == Value::Kind::Int) {
    unsigned w = std::max(a.e->width, b.e->width);
    return Value::integer(Expr::select(c, Expr::resize(a.e, w, false), Expr::resize(b.e, w, false)));
  }
  // A constant condition (`MK_SSQ ? ssq_ptr(p, l) : nullptr`) selects one side, null included.
  if (c->isConst() && a.kind == Value::Kind::Ptr && b.kind == Value::Kind::Ptr) return c->value ? a : b;
  if (a.kind == Value::Kind::Ptr && b.kind == Value::Kind::Ptr) {
    if (a.region == b.region) {
      Value v = Value::pointer(a.region, Expr::select(c, a.off, b.off));
      v.maybeNull = a.maybeNull || b.maybeNull;
      return v;
    }
    // Null or private on one side: the other is what may be accessed, and
    // the result may be null.
    if (a.region == -2) { b.maybeNull = true; return b; }
    if (b.region == -2) { a.maybeNull = true; return a; }
    // Regions chosen by the condition: the alternatives of both sides.
    std::vector<Value::Alt> xs = a.altsOf(), ys = b.altsOf();
    if (!xs.empty() && !ys.empty() && xs.size() + ys.size() <= kMaxPointerAlts) {
      std::vector<Value::Alt> alts;
      for (const Value::Alt &x : xs) alts.push_back({Expr::binary(Op::LAnd, c, x.cond), x.region, x.off});
      for (const Value::Alt &y : ys)
        alts.push_back({Expr::binary(Op::LAnd, Expr::unary(Op::LNot, c, 1), y.cond), y.region, y.off});
      return Value::choice(std::move(alts));
    }
    return Value::pointer(-1, havoc(64, "pointer selected between regions"));
  }
  if (isIntLike(t)) return Value::integer(havoc(intWidth(ctx, t), "?: value"));
  if (t->isPointerType()) return Value::pointer(-1, havoc(64, "?: pointer"));
  return a.kind != Value::Kind::None ? a : b;
}

// (c ? a : b) read as a value where a and b are lvalues: each side's load
// happens only on its side.
Value KernelBuilder::loadConditional(const ConditionalOperator *co, QualType t) {
  ExprRef c = evalCond(co->getCond());
  auto side = [&](const clang::Expr *x, StmtRef &blk) -> Value {
    StmtRef saved = current;
    blk = newBlock();
    current = blk;
    Value v;
    if (const auto *inner = dyn_cast<ConditionalOperator>(x->IgnoreParens())) v = loadConditional(inner, t);
    else if (isa<DeclRefExpr>(x->IgnoreParens())) v = evalInner(x);
    else v = load(lvalue(x), t, x->getBeginLoc());
    current = saved;
    return v;
  };
  StmtRef ba, bb;
  Value a = side(co->getTrueExpr(), ba);
  Value b = side(co->getFalseExpr(), bb);
  return joinSelect(c, ba, bb, a, b, t, co->getBeginLoc());
}

// ------------------------------------------------------------------ calls

static const char *atomicNames[] = {
    "atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax", "atomicInc", "atomicDec",
    "atomicCAS", "atomicAnd", "atomicOr", "atomicXor", "atomicAdd_block", "atomicSub_block",
    "atomicExch_block", "atomicMin_block", "atomicMax_block", "atomicInc_block", "atomicDec_block",
    "atomicCAS_block", "atomicAnd_block", "atomicOr_block", "atomicXor_block", "atomicAdd_system",
    "atomicSub_system", "atomicExch_system", "atomicMin_system", "atomicMax_system", "atomicInc_system",
    "atomicDec_system", "atomicCAS_system", "atomicAnd_system", "atomicOr_system", "atomicXor_system",
    "atomicAdd_system", "__nvvm_atom_add_gen_i", "__nvvm_atom_add_gen_f"};

static bool isCvtaToShared(const clang::Expr *e, const clang::Expr *&arg);
static StmtRef mbarrierSpin(const Stmt &loop);

// cuda::barrier<cuda::thread_scope_block> (or a pointer/reference to one):
// an mbarrier in shared memory.
static bool isBlockBarrierType(QualType t) {
  t = t.getNonReferenceType();
  if (t->isPointerType()) t = t->getPointeeType();
  const auto *ts = dyn_cast_or_null<ClassTemplateSpecializationDecl>(t.getCanonicalType()->getAsCXXRecordDecl());
  if (!ts || ts->getQualifiedNameAsString() != "cuda::barrier" || ts->getTemplateArgs().size() < 1) return false;
  const TemplateArgument &a = ts->getTemplateArgs()[0];
  if (a.getKind() != TemplateArgument::Integral) return false;
  const auto *et = a.getIntegralType()->getAs<EnumType>();
  if (!et) return false;
  for (const EnumConstantDecl *ec : et->getDecl()->enumerators())
    if (ec->getNameAsString() == "thread_scope_block") return ec->getInitVal() == a.getAsIntegral();
  return false;
}

// A byte count: an integer, or cuda::aligned_size_t<N>(bytes).
static const clang::Expr *byteCountExpr(const clang::Expr *e) {
  while (true) {
    e = e->IgnoreImplicit()->IgnoreParens();
    if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e)) { e = mt->getSubExpr(); continue; }
    if (const auto *fc = dyn_cast<CXXFunctionalCastExpr>(e)) { e = fc->getSubExpr(); continue; }
    if (const auto *bt = dyn_cast<CXXBindTemporaryExpr>(e)) { e = bt->getSubExpr(); continue; }
    if (const auto *ce = dyn_cast<CXXConstructExpr>(e)) {
      if (ce->getNumArgs() >= 1 && !isIntLike(e->getType())) { e = ce->getArg(0); continue; }
    }
    return e;
  }
}

Value KernelBuilder::callKnown(const CallExpr *c, const FunctionDecl *fd, bool &handled) {
  handled = true;
  std::string name = fd->getNameAsString();
  std::string qname = fd->getQualifiedNameAsString();
  SourceLocation l = c->getBeginLoc();
  QualType rt = c->getType();
  auto resultHavoc = [&](const std::string &why) -> Value {
    if (isIntLike(rt)) return Value::integer(havoc(intWidth(ctx, rt), why));
    if (rt->isPointerType()) return Value::pointer(-1, havoc(64, why));
    return Value::none();
  };
  auto evalArgs = [&]() {
    for (const clang::Expr *a : c->arguments()) eval(a);
  };

  // __cvta_generic_to_shared: an opaque integer here; mbarrier and bulk-copy
  // operands resolve it back to the shared location (sharedAddress).
  const clang::Expr *cvtaArg = nullptr;
  if (isCvtaToShared(c, cvtaArg)) {
    eval(cvtaArg);
    return resultHavoc("shared-window address of '" + text(cvtaArg) + "'");
  }
  // memcpy / memset of a constant number of bytes (device-side, CUDA C++
  // Programming Guide "Dynamic Global Memory Allocation and Operations"): a
  // plain read of the source bytes and a plain write of the destination's.
  if ((qname == "memcpy" || qname == "std::memcpy" || qname == "__builtin_memcpy" || qname == "memset" ||
       qname == "std::memset" || qname == "__builtin_memset") &&
      c->getNumArgs() == 3) {
    bool isCopy = name.find("memcpy") != std::string::npos;
    Value dst = eval(c->getArg(0));
    Value src = isCopy ? eval(c->getArg(1)) : Value::none();
    Value fill = isCopy ? Value::none() : eval(c->getArg(1));
    ExprRef n = evalInt(c->getArg(2));
    std::optional<uint64_t> bytes = n && n->isConst() ? std::optional<uint64_t>(n->value) : std::nullopt;
    auto rangePlace = [&](const Value &v) {
      Place p;
      p.kind = Place::Kind::Mem;
      p.region = v.region;
      p.off = v.off;
      p.size = (unsigned)*bytes;
      p.text = isCopy ? name + "(" + text(c->getArg(0)) + ", " + text(c->getArg(1)) + ", ...)"
                      : name + "(" + text(c->getArg(0)) + ", ...)";
      return p;
    };
    auto modelled = [&](const Value &v) {
      return v.kind == Value::Kind::Ptr && !v.alts && v.region >= 0 && v.off && !v.maybeNull;
    };
    // Thread-private storage (a local aggregate, `this` of a private object):
    // no access; its reads are arbitrary values anyway.
    auto isPrivate = [&](const Value &v) { return v.kind == Value::Kind::Ptr && !v.alts && v.region == -2; };
    if (bytes && *bytes == 0) return rt->isPointerType() ? dst : Value::none();  // copies nothing
    if (bytes && *bytes <= 65536 && isPrivate(dst) && (!isCopy || isPrivate(src) || modelled(src))) {
      if (isCopy && modelled(src)) emitAccess(rangePlace(src), m::AccessKind::Read, l);
      return rt->isPointerType() ? dst : Value::none();
    }
    if (bytes && *bytes <= 65536 && isCopy && isPrivate(src) && modelled(dst)) {
      emitAccess(rangePlace(dst), m::AccessKind::Write, l);
      return rt->isPointerType() ? dst : Value::none();
    }
    if (!bytes || *bytes > 65536 || !modelled(dst) || (isCopy && !modelled(src))) {
      unknown(l, "call to '" + qname + "' " +
                     (!bytes ? std::string("of a byte count that is not a constant")
                             : "on a pointer whose memory is not modelled, or of more than 65536 bytes") +
                     " is not modelled");
      return rt->isPointerType() ? Value::pointer(-1, havoc(64, "pointer returned by " + name)) : Value::none();
    }
    if (isCopy) emitAccess(rangePlace(src), m::AccessKind::Read, l);
    StmtRef w = emitAccess(rangePlace(dst), m::AccessKind::Write, l);
    // memset of 1, 2, 4 or 8 bytes: the value it stores is the fill byte in
    // every byte (the same-value rule, memory-model.md "Writes of one value").
    if (w && !isCopy && fill.kind == Value::Kind::Int && fill.e &&
        (*bytes == 1 || *bytes == 2 || *bytes == 4 || *bytes == 8)) {
      unsigned width = (unsigned)*bytes * 8;
      ExprRef byte = Expr::resize(Expr::resize(fill.e, 8, false), width, false);
      w->stored = Expr::binary(Op::Mul, byte, Expr::constant(0x0101010101010101ull >> (64 - width), width));
    }
    return rt->isPointerType() ? dst : Value::none();
  }
  // std::move / std::forward of a value (arrival tokens).
  if ((name == "move" || name == "forward") && c->getNumArgs() == 1 &&
      (qname == "std::move" || qname == "cuda::std::move" || qname == "std::forward" || qname == "cuda::std::forward") &&
      isIntLike(rt))
    return Value::integer(Expr::resize(evalInt(c->getArg(0)), intWidth(ctx, rt), rt->isSignedIntegerOrEnumerationType()));
  // cuda::barrier<thread_scope_block> free functions (<cuda/barrier>).
  if (c->getNumArgs() >= 2 && name == "init" && isBlockBarrierType(c->getArg(0)->getType())) {
    emitMbarrier(m::MbarOp::Init, barrierObject(c->getArg(0)), evalInt(c->getArg(1)), nullptr, l, "init(barrier)");
    return Value::none();
  }
  if (qname == "cuda::device::barrier_arrive_tx" && c->getNumArgs() == 3) {
    StmtRef st = emitMbarrier(m::MbarOp::Arrive, barrierObject(c->getArg(0)), evalInt(c->getArg(1)),
                              evalInt(c->getArg(2)), l, "cuda::device::barrier_arrive_tx");
    return barrierToken(st, rt);
  }
  if ((qname == "cuda::device::memcpy_async_tx" && c->getNumArgs() == 4) ||
      (qname == "cuda::memcpy_async" && c->getNumArgs() >= 4 &&
       isBlockBarrierType(c->getArg(c->getNumArgs() - 1)->getType()))) {
    unsigned na = c->getNumArgs();
    const clang::Expr *dstE = c->getArg(na - 4), *srcE = c->getArg(na - 3);
    ExprRef bytes = evalInt(byteCountExpr(c->getArg(na - 2)));
    Value dst = sharedAddress(dstE), src = eval(srcE), mb = barrierObject(c->getArg(na - 1));
    size_t before = current->stmts.size();
    if (qname == "cuda::memcpy_async" && src.alts) {  // (the announce below would miss the per-buffer copies)
      unknown(l, "cuda::memcpy_async from a pointer into one of several buffers is not modelled");
      return isIntLike(rt) ? resultHavoc("result of " + qname) : Value::none();
    }
    emitBulkTransfer(false, dst, src, bytes, mb, l, qname, text(dstE), text(srcE));
    if (qname == "cuda::memcpy_async" && current->stmts.size() > before &&
        current->stmts.back()->kind == Stmt::Kind::AsyncCopy) {
      current->stmts.back()->txBytes = current->stmts.back()->operand;  // announces its own bytes
      // memcpy_async(group, ...): one copy performed by the group together.
      if (na == 5) current->stmts.back()->atomicOp = "cuda::memcpy_async(group)";
    }
    return isIntLike(rt) ? resultHavoc("result of " + qname) : Value::none();
  }
  // The pipeline primitives (cuda_pipeline_primitives.h): on sm_80 and later
  // they are cp.async.ca.shared.global, cp.async.commit_group and
  // cp.async.wait_group (cuda_pipeline_helpers.h).
  if (qname == "__pipeline_memcpy_async" && (c->getNumArgs() == 3 || c->getNumArgs() == 4)) {
    const clang::Expr *dstE = c->getArg(0), *srcE = c->getArg(1);
    Value dst = sharedAddress(dstE), src = eval(srcE);
    ExprRef bytes = evalInt(c->getArg(2));
    ExprRef zfill = c->getNumArgs() == 4 ? evalInt(c->getArg(3)) : Expr::constant(0, 32);
    if (!zfill || !zfill->isConst() || zfill->value != 0) {
      unknown(l, "__pipeline_memcpy_async with a zero-fill count that is not the constant 0 is not modelled");
      return Value::none();
    }
    if (!bytes || !bytes->isConst()) {
      unknown(l, "__pipeline_memcpy_async of a size that is not a constant is not modelled");
      return Value::none();
    }
    emitBulkTransfer(false, dst, src, bytes, Value::none(), l, "cp.async.ca.shared.global", text(dstE), text(srcE),
                     /*groupCompleted=*/true);
    return Value::none();
  }
  if (qname == "__pipeline_commit" && c->getNumArgs() == 0) {
    emitBulkGroup(m::MbarOp::AsyncCommit, nullptr, l, "cp.async.commit_group");
    return Value::none();
  }
  if (qname == "__pipeline_wait_prior" && c->getNumArgs() == 1) {
    ExprRef n = evalInt(c->getArg(0));
    if (!n || !n->isConst()) {
      unknown(l, "__pipeline_wait_prior with a count that is not a constant is not modelled");
      return Value::none();
    }
    // (the header waits for at most 8 pending groups: prior > 8 acts as 8)
    emitBulkGroup(m::MbarOp::AsyncWait, Expr::constant(std::min<uint64_t>(n->value, 8), 32), l,
                  "cp.async.wait_group");
    return Value::none();
  }
  // cuda::ptx (<cuda/ptx>): mbarriers, bulk copies and proxy fences. Tag
  // arguments (sem_release, scope_cta, space_shared, ...) are empty structs.
  if (qname.rfind("cuda::ptx::", 0) == 0 &&
      (name.rfind("mbarrier_", 0) == 0 || name == "cp_async_bulk" || name == "fence_proxy_async" ||
       name == "cp_async_bulk_commit_group" || name == "cp_async_bulk_wait_group" ||
       name == "cp_async_bulk_wait_group_read")) {
    std::vector<const clang::Expr *> ptrs, ints;
    std::vector<std::string> tags;
    for (const clang::Expr *arg : c->arguments()) {
      QualType at = arg->getType();
      if (at->isPointerType()) ptrs.push_back(arg);
      else if (isIntLike(at)) ints.push_back(arg);
      else if (at->getAsCXXRecordDecl()) tags.push_back(at.getCanonicalType().getAsString());
    }
    // Tags are cuda::ptx::space_t<dot_space::global>, sem_t<dot_sem::relaxed>, ...
    auto tagged = [&](const char *t) {
      std::string want = t;  // "space_global_t" -> "dot_space::global>"
      std::string kind = want.substr(0, want.find('_')), val = want.substr(want.find('_') + 1);
      val = val.substr(0, val.size() - 2);
      std::string needle = "dot_" + kind + "::" + val + ">";
      for (const std::string &x : tags)
        if (x.find(needle) != std::string::npos) return true;
      return false;
    };
    std::string what = "cuda::ptx::" + name;
    if (tagged("scope_cluster_t") || tagged("space_cluster_t")) {
      unknown(l, "'" + what + "' at cluster scope is not modelled");
      return resultHavoc("result of " + what);
    }
    if (name == "fence_proxy_async") {
      // The state space decides which accesses it orders (PTX ISA: membar/fence):
      // no space is every space; .global does not order shared memory.
      auto s = Stmt::make(Stmt::Kind::Fence, loc(userLoc(l)));
      s->order = m::MemOrder::Plain;
      s->scope = m::MemScope::None;
      s->text = tagged("space_global_t")   ? "fence.proxy.async.global"
                : tagged("space_shared_t") ? "fence.proxy.async.shared::cta"
                                           : "fence.proxy.async";
      emit(s);
      return Value::none();
    }
    if (name == "cp_async_bulk_commit_group" && c->getNumArgs() == 0) {
      emitBulkGroup(m::MbarOp::BulkCommit, nullptr, l, what);
      return Value::none();
    }
    if ((name == "cp_async_bulk_wait_group" || name == "cp_async_bulk_wait_group_read") && c->getNumArgs() == 1) {
      // n32_t<N>: N is a template argument of the argument's type.
      const auto *ts = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
          c->getArg(0)->getType().getCanonicalType()->getAsCXXRecordDecl());
      const TemplateArgument *nArg = nullptr;
      if (ts)
        for (const TemplateArgument &ta : ts->getTemplateArgs().asArray())
          if (ta.getKind() == TemplateArgument::Integral) nArg = &ta;
      if (nArg) {
        uint64_t nv = nArg->getAsIntegral().getZExtValue();
        emitBulkGroup(name == "cp_async_bulk_wait_group" ? m::MbarOp::BulkWait : m::MbarOp::BulkWaitRead,
                      Expr::constant(nv, 32), l, what);
        return Value::none();
      }
    }
    if (name == "cp_async_bulk" && ptrs.size() == 2 && ints.size() == 1 && !tags.empty() &&
        tags[0].find("dot_space::global>") != std::string::npos) {
      emitBulkTransfer(true, sharedAddress(ptrs[1]), eval(ptrs[0]), evalInt(ints[0]), Value::none(), l, what, text(ptrs[1]),
                       text(ptrs[0]));
      return Value::none();
    }
    if (name == "cp_async_bulk" && ptrs.size() == 3 && ints.size() == 1) {
      Value dst = sharedAddress(ptrs[0]), src = eval(ptrs[1]), mb = sharedAddress(ptrs[2]);
      emitBulkTransfer(false, dst, src, evalInt(ints[0]), mb, l, what, text(ptrs[0]), text(ptrs[1]));
      return Value::none();
    }
    if (ptrs.size() == 1) {
      Value obj = sharedAddress(ptrs[0]);
      if (name == "mbarrier_init" && ints.size() == 1) {
        emitMbarrier(m::MbarOp::Init, obj, evalInt(ints[0]), nullptr, l, what);
        return Value::none();
      }
      if (name == "mbarrier_inval" && ints.empty()) {
        emitMbarrier(m::MbarOp::Inval, obj, nullptr, nullptr, l, what);
        return Value::none();
      }
      if ((name == "mbarrier_arrive" && ints.size() <= 1) || (name == "mbarrier_arrive_expect_tx" && ints.size() == 1)) {
        bool tx = name == "mbarrier_arrive_expect_tx";
        StmtRef st = emitMbarrier(m::MbarOp::Arrive, obj, !tx && ints.size() == 1 ? evalInt(ints[0]) : nullptr,
                                  tx ? evalInt(ints[0]) : nullptr, l, what);
        if (st && tagged("sem_relaxed_t")) st->order = m::MemOrder::Relaxed;
        return resultHavoc("mbarrier state");
      }
      if (name == "mbarrier_expect_tx" && ints.size() == 1) {
        emitMbarrier(m::MbarOp::ExpectTx, obj, nullptr, evalInt(ints[0]), l, what);
        return Value::none();
      }
      if ((name == "mbarrier_try_wait_parity" || name == "mbarrier_test_wait_parity") && ints.size() == 1 &&
          isIntLike(rt)) {
        StmtRef st = emitMbarrier(m::MbarOp::TryWait, obj, evalInt(ints[0]), nullptr, l, what);
        if (!st) return resultHavoc("result of " + what);
        if (tagged("sem_relaxed_t")) st->order = m::MemOrder::Relaxed;
        unsigned w = intWidth(ctx, rt);
        int v = newVar("try_wait.result", 1, false, l);
        st->resultVar = v;
        return Value::integer(Expr::resize(Expr::var(v, 1), w, false));
      }
    }
    unknown(l, "call to '" + what + "' in this form is not modelled");
    return resultHavoc("result of " + what);
  }

  // Block barriers.
  if (name == "__syncthreads" || name == "__barrier_sync" || name == "__nvvm_bar_sync" ||
      name == "__nvvm_barrier_sync") {
    if (name == "__barrier_sync" || name == "__nvvm_barrier_sync" || name == "__nvvm_bar_sync") {
      // __nvvm_bar_sync(id): a named barrier with all threads.
      if (c->getNumArgs() >= 1) {
        ExprRef id = evalInt(c->getArg(0));
        if (!(id->isConst() && id->value == 0)) {
          auto s = Stmt::make(Stmt::Kind::Barrier, loc(userLoc(l)));
          s->barrier = m::BarrierKind::Named;
          s->barrierId = id;
          s->text = name;
          emit(s);
          return Value::none();
        }
      }
    }
    emitBlockBarrier(l, name);
    return Value::none();
  }
  if (name == "__syncthreads_count" || name == "__syncthreads_and" || name == "__syncthreads_or" ||
      name == "__nvvm_bar0_popc" || name == "__nvvm_bar0_and" || name == "__nvvm_bar0_or") {
    evalArgs();
    emitBlockBarrier(l, name);
    // The result is the same in every thread of the block.
    auto h = std::make_shared<Expr>(*havoc(intWidth(ctx, rt), "result of " + name));
    h->blockUniform = true;
    return Value::integer(h);
  }
  if (name == "__syncwarp" || name == "__nvvm_bar_warp_sync") {
    ExprRef mask = c->getNumArgs() >= 1 ? evalInt(c->getArg(0)) : Expr::constant(0xffffffffu, 32);
    emitWarpBarrier(l, mask, name);
    return Value::none();
  }
  if (name == "__builtin_assume" || name == "__assume") {
    ExprRef cond = evalCond(c->getArg(0));
    auto s = Stmt::make(Stmt::Kind::Assume, loc(userLoc(l)));
    s->cond = cond;
    s->text = text(c);
    emit(s);
    return Value::none();
  }
  if (name == "__assertfail" || name == "__assert_fail" || name == "__trap" || name == "__builtin_trap") {
    evalArgs();
    // The launch aborts. What the thread did before happened (a race before
    // a failed assert is real): it stops here, as at a return.
    emitThreadExit(l, true);
    return Value::none();
  }
  if (name == "__builtin_unreachable") {
    // The program promises this point is not reached (checked where thread
    // indices alone decide it: Checker::overflowChecks).
    auto s = Stmt::make(Stmt::Kind::Assume, loc(userLoc(l)));
    s->cond = Expr::boolean(false);
    s->text = "__builtin_unreachable()";
    emit(s);
    return Value::none();
  }
  for (const char *an : atomicNames) {
    if (name == an) {
      // CUDA's atomicX: relaxed read-modify-writes at device scope (_block:
      // CTA scope, _system: system scope).
      Value ptr = eval(c->getArg(0));
      std::vector<ExprRef> args;
      for (unsigned i = 1; i < c->getNumArgs(); ++i) {
        Value v = eval(c->getArg(i));
        args.push_back(v.kind == Value::Kind::Int ? v.e : nullptr);
      }
      Place p;
      p.text = text(c->getArg(0));
      if (!p.text.empty() && p.text[0] == '&') p.text = p.text.substr(1);
      if (ptr.kind == Value::Kind::Ptr && ptr.region != -2) {
        p.kind = Place::Kind::Mem;
        p.region = ptr.region;
        p.off = ptr.off;
        p.size = (unsigned)sizeOf(c->getArg(0)->getType()->getPointeeType());
        m::MemScope scope = name.find("_block") != std::string::npos    ? m::MemScope::CTA
                            : name.find("_system") != std::string::npos ? m::MemScope::System
                                                                        : m::MemScope::GPU;
        std::string base = name.substr(0, name.find('_', 1));
        std::string update = "other";
        ExprRef operand;
        if ((base == "atomicAdd" || base == "__nvvm") && !args.empty() && args[0] &&
            isIntLike(c->getArg(1)->getType())) {
          update = "add";
          operand = args[0];
        } else if (base == "atomicInc" && !args.empty() && args[0]) {
          // ((old >= limit) ? 0 : old + 1): an add of 1 while the count stays below the limit.
          update = "inc";
          operand = args[0];
        } else if (base == "atomicExch" && !args.empty() && args[0]) {
          update = "store";
          operand = args[0];
        } else if (!args.empty() && args[0] && args[0]->isConst() && isIntLike(c->getArg(1)->getType())) {
          // Updates that leave the location as it is (`atomicOr(p, 0)`,
          // `atomicAnd(p, ~0)`, `atomicCAS(p, v, v)`): reads, as an add of 0
          // is (the same spin-wait idiom).
          uint64_t v = args[0]->value, ones = args[0]->width >= 64 ? ~0ull : (1ull << args[0]->width) - 1;
          bool same = ((base == "atomicSub" || base == "atomicOr" || base == "atomicXor") && v == 0) ||
                      (base == "atomicAnd" && (v & ones) == ones) ||
                      (base == "atomicCAS" && args.size() == 2 && args[1] && args[1]->isConst() &&
                       args[1]->value == v);
          if (same) {
            update = "add";
            operand = m::Expr::constant(0, args[0]->width);
          }
        }
        return strongAccess(p, m::AccessKind::Atomic, l, name, m::MemOrder::Relaxed, scope, update, operand, rt);
      } else if (ptr.kind != Value::Kind::Ptr) {
        unknown(l, "atomic on an address that is not modelled");
      }
      return resultHavoc("result of " + name);
    }
  }
  // libcu++ / C++ atomics: cuda::atomic_thread_fence(order, scope) and
  // cuda::std::atomic_thread_fence(order).
  if (name == "atomic_thread_fence" && qname.find("cuda") != std::string::npos) {
    m::MemOrder order = c->getNumArgs() >= 1 ? memoryOrderArg(c->getArg(0)) : m::MemOrder::SeqCst;
    m::MemScope scope = c->getNumArgs() >= 2 ? threadScopeArg(c->getArg(1)) : m::MemScope::System;
    if (order == m::MemOrder::Plain) { unknown(l, "fence with an order that is not a constant"); return Value::none(); }
    if (order == m::MemOrder::Relaxed) return Value::none();  // no effect
    emitFence(l, order, scope, name);
    return Value::none();
  }
  // Read-only and cache-hinted loads/stores.
  if (name == "__ldg" || name == "__ldca" || name == "__ldcs" || name == "__ldcg" || name == "__ldlu" ||
      name == "__ldcv") {
    Value ptr = eval(c->getArg(0));
    Place p;
    p.text = text(c->getArg(0));
    if (ptr.kind == Value::Kind::Ptr && ptr.region != -2) {
      // A weak load with a cache hint (ld.global.nc / .ca / .cs / .cg / .lu /
      // .cv): the same access and value as a plain load of `*p` (element
      // facts of the contract, one value per address of read-only memory).
      QualType pointee = c->getArg(0)->getType()->getPointeeType();
      p.kind = Place::Kind::Mem; p.region = ptr.region; p.off = ptr.off;
      p.size = (unsigned)sizeOf(pointee);
      // __ldg is ld.global.nc: the checker needs global memory that nothing
      // writes while the kernel runs (Stmt::nonCoherent).
      bool nc = name == "__ldg";
      if (nc && ptr.region >= 0 && k.regions[ptr.region].space != m::AddressSpace::Global) {
        unknown(l, "__ldg (ld.global.nc) of '" + k.regions[ptr.region].name +
                       "', which is not global memory: undefined");
        return resultHavoc("value loaded by " + name);
      }
      size_t before = current->stmts.size();
      Value v = isIntLike(rt) && ctx.hasSameUnqualifiedType(pointee, rt) ? load(p, rt, l) : Value::none();
      if (current->stmts.size() == before) emitAccess(p, m::AccessKind::Read, l);
      if (nc)
        for (size_t i = before; i < current->stmts.size(); ++i)
          if (current->stmts[i]->kind == m::Stmt::Kind::Access) current->stmts[i]->nonCoherent = true;
      if (v.kind == Value::Kind::Int) return v;
    }
    return resultHavoc("value loaded by " + name);
  }
  if (name == "__stcs" || name == "__stwb" || name == "__stcg" || name == "__stwt") {
    Value ptr = eval(c->getArg(0));
    eval(c->getArg(1));
    Place p;
    p.text = text(c->getArg(0));
    if (ptr.kind == Value::Kind::Ptr && ptr.region != -2) {
      p.kind = Place::Kind::Mem; p.region = ptr.region; p.off = ptr.off;
      p.size = (unsigned)sizeOf(c->getArg(0)->getType()->getPointeeType());
      emitAccess(p, m::AccessKind::Write, l);
    }
    return Value::none();
  }
  // Memory fences do not synchronize threads by themselves; the cross-block
  // checker (not in this version) gives them meaning. Within a block they do
  // not change race freedom.
  // __threadfence() is membar.gl = fence.sc.gpu; _block is fence.sc.cta;
  // _system is fence.sc.sys (PTX ISA: membar/fence).
  if (name == "__threadfence" || name == "__threadfence_block" || name == "__threadfence_system" ||
      name == "__nvvm_membar_gl" || name == "__nvvm_membar_cta" || name == "__nvvm_membar_sys") {
    m::MemScope scope = (name == "__threadfence_block" || name == "__nvvm_membar_cta") ? m::MemScope::CTA
                        : (name == "__threadfence_system" || name == "__nvvm_membar_sys") ? m::MemScope::System
                                                                                           : m::MemScope::GPU;
    emitFence(l, m::MemOrder::SeqCst, scope, name + "()");
    return Value::none();
  }
  if (name == "__nanosleep" || name == "printf" || name == "vprintf" || name == "__prof_trigger") {
    evalArgs();
    return resultHavoc(name);
  }
  if (name == "min" || name == "max" || name == "umin" || name == "umax" || name == "llmin" || name == "llmax" ||
      name == "ullmin" || name == "ullmax") {
    if (c->getNumArgs() == 2 && isIntLike(rt) && isIntLike(c->getArg(0)->getType()) &&
        isIntLike(c->getArg(1)->getType())) {
      unsigned w = intWidth(ctx, rt);
      bool sgn = rt->isSignedIntegerOrEnumerationType();
      ExprRef a = Expr::resize(evalInt(c->getArg(0)), w, c->getArg(0)->getType()->isSignedIntegerOrEnumerationType());
      ExprRef b = Expr::resize(evalInt(c->getArg(1)), w, c->getArg(1)->getType()->isSignedIntegerOrEnumerationType());
      Op lt = sgn ? Op::SLt : Op::ULt;
      bool isMin = name.find("min") != std::string::npos;
      ExprRef cond = Expr::binary(lt, a, b);
      return Value::integer(isMin ? Expr::select(cond, a, b) : Expr::select(cond, b, a));
    }
  }
  if (name == "__activemask") {
    // The active lanes include the caller's.
    return Value::integer(Expr::binary(Op::Or, havoc(32, "__activemask()"),
                                       Expr::binary(Op::Shl, Expr::constant(1, 32), Expr::builtinVar(m::Builtin::LaneId))));
  }
  if (name == "__shfl_sync" || name == "__shfl_up_sync" || name == "__shfl_down_sync" ||
      name == "__shfl_xor_sync" || name == "__ballot_sync" || name == "__any_sync" || name == "__all_sync" ||
      name == "__uni_sync" || name == "__match_any_sync" || name == "__match_all_sync" ||
      name == "__reduce_add_sync" || name == "__reduce_max_sync" || name == "__reduce_min_sync" ||
      name == "__reduce_and_sync" || name == "__reduce_or_sync" || name == "__reduce_xor_sync") {
    // Warp collectives: register-only results (arbitrary values); the mask
    // is checked like __syncwarp's (BarrierKind::WarpCollective).
    if (c->getNumArgs() >= 1) {
      ExprRef mask = evalInt(c->getArg(0));
      for (unsigned i = 1; i < c->getNumArgs(); ++i) eval(c->getArg(i));
      emitWarpBarrier(l, mask, name, m::BarrierKind::WarpCollective);
    } else {
      evalArgs();
    }
    return resultHavoc("result of " + name);
  }
  if ((name == "__umul24" || name == "__mul24") && c->getNumArgs() == 2) {
    // 24-bit multiply (CUDA Math API): the low 24 bits of each operand, zero-
    // (__umul24) or sign-extended (__mul24), and the low 32 bits of their
    // product; it wraps, with no undefined overflow.
    bool sgn = name == "__mul24";
    auto low24 = [&](const clang::Expr *x) {
      ExprRef v = Expr::resize(evalInt(x), 32, sgn);
      if (!sgn) return Expr::binary(Op::And, v, Expr::constant(0xffffffu, 32));
      return Expr::binary(Op::AShr, Expr::binary(Op::Shl, v, Expr::constant(8, 32)), Expr::constant(8, 32));
    };
    ExprRef a = low24(c->getArg(0)), b = low24(c->getArg(1));
    return Value::integer(Expr::binary(Op::Mul, a, b));
  }
  if (name == "__activemask" || name == "__popc" || name == "__clz" ||
      name == "__ffs" || name == "__brev" || name == "__popcll" || name == "__clzll" || name == "__ffsll") {
    // Bit tricks: arbitrary results.
    evalArgs();
    return resultHavoc("result of " + name);
  }

  // Cooperative groups.
  if (qname.find("cooperative_groups") != std::string::npos) {
    if (name == "this_thread_block") { Value v; v.kind = Value::Kind::Group; v.group = GroupBlock; return v; }
    if (name == "this_grid") { Value v; v.kind = Value::Kind::Group; v.group = GroupGrid; return v; }
    if (name == "tiled_partition") {
      unsigned size = 0;
      if (const auto *args = fd->getTemplateSpecializationArgs())
        if (args->size() > 0 && args->get(0).getKind() == TemplateArgument::Integral)
          size = (unsigned)args->get(0).getAsIntegral().getZExtValue();
      Value parent = c->getNumArgs() > 0 ? eval(c->getArg(0)) : Value::none();
      for (unsigned i = 1; i < c->getNumArgs(); ++i) eval(c->getArg(i));
      Value v; v.kind = Value::Kind::Group; v.group = size ? GroupTile : GroupOther; v.groupSize = size;
      if (parent.kind == Value::Kind::Group && parent.group == GroupBlock) v.groupParent = 0;
      else if (parent.kind == Value::Kind::Group && parent.group == GroupTile && parent.groupSize > 0) v.groupParent = parent.groupSize;
      return v;
    }
    if ((name == "reduce" || name == "inclusive_scan" || name == "exclusive_scan") && c->getNumArgs() >= 2) {
      // cg::reduce / cg::*_scan over a thread_block_tile<N>: a collective of
      // the tile (every thread of it takes part); the result is arbitrary.
      // Over other groups: not modelled.
      unsigned gs = 0;
      int gk = groupKindOf(c->getArg(0)->getType(), gs);
      Value g = eval(c->getArg(0));
      if (g.kind == Value::Kind::Group) { gk = g.group; gs = g.groupSize; }
      if (gk == GroupTile && gs > 0 && gs <= 32) {
        for (unsigned i = 1; i < c->getNumArgs(); ++i) eval(c->getArg(i));
        emitWarpBarrier(l, tileMask(gs), "cooperative_groups::" + name, m::BarrierKind::WarpCollective);
        QualType rt = c->getType();
        if (isIntLike(rt)) return Value::integer(havoc(intWidth(ctx, rt), "result of cooperative_groups::" + name));
        return Value::none();
      }
    }
    if (name == "sync" && c->getNumArgs() == 1) {
      Value g = eval(c->getArg(0));
      unsigned gs = 0;
      int gk = g.kind == Value::Kind::Group ? g.group : groupKindOf(c->getArg(0)->getType(), gs);
      if (g.kind == Value::Kind::Group) gs = g.groupSize;
      if (gk == GroupBlock) { emitBlockBarrier(l, "cooperative_groups::sync(block)"); return Value::none(); }
      if (gk == GroupTile && gs >= 1 && gs <= 32) { emitWarpBarrier(l, tileMask(gs), "cooperative_groups::sync(tile)"); return Value::none(); }
      if (gk == GroupTile) {  // a tile of several warps syncs them all: not a warp barrier
        unknown(l, "sync of a thread_block_tile of more than 32 threads (or of a size not known) is not modelled");
        return Value::none();
      }
      if (gk == GroupGrid) { emitGridBarrier(l, "grid.sync()"); return Value::none(); }
      unknown(l, "cooperative_groups::sync on this group is not modelled");
      return Value::none();
    }
  }
  handled = false;
  return Value::none();
}

// Member functions and operators of cuda::atomic_ref / cuda::atomic
// (libcu++): loads, stores, read-modify-writes with their memory order
// (default seq_cst) and the object's thread scope.
Value KernelBuilder::libAtomicCall(const CallExpr *c, const FunctionDecl *fd, const clang::Expr *obj, int kind,
                                   m::MemScope scope) {
  SourceLocation l = c->getBeginLoc();
  std::string mn = fd->getNameAsString();
  QualType rt = c->getType();
  unsigned first = isa<CXXOperatorCallExpr>(c) ? 1 : 0;  // operator args include the object
  std::vector<const clang::Expr *> args;
  for (unsigned i = first; i < c->getNumArgs(); ++i)
    if (!isa<CXXDefaultArgExpr>(c->getArg(i))) args.push_back(c->getArg(i));
  Place p = libAtomicPlace(obj, kind);
  if (p.kind == Place::Kind::Mem && !p.size) p.size = (unsigned)sizeOf(rt.getNonReferenceType());
  if (p.kind == Place::Kind::Mem && !p.size) p.size = 4;
  p.text = text(obj);
  auto orderArg = [&](size_t i) -> m::MemOrder {
    if (i >= args.size()) return m::MemOrder::SeqCst;
    m::MemOrder o = memoryOrderArg(args[i]);
    return o;
  };
  auto valueArg = [&](size_t i) -> ExprRef {
    if (i >= args.size()) return nullptr;
    Value v = eval(args[i]);
    return v.kind == Value::Kind::Int ? v.e : nullptr;
  };
  std::string what = "atomic_ref::" + mn;
  if (p.kind != Place::Kind::Mem) {
    for (const clang::Expr *a : args) eval(a);
    unknown(l, what + " on memory that is not modelled");
    if (isIntLike(rt)) return Value::integer(havoc(intWidth(ctx, rt), what));
    return Value::none();
  }
  auto bad = [&]() {
    unknown(l, what + " with a memory order that is not a constant");
    if (isIntLike(rt)) return Value::integer(havoc(intWidth(ctx, rt), what));
    return Value::none();
  };
  if (mn == "load" || mn.rfind("operator ", 0) == 0 && args.empty() && isIntLike(rt) && fd->getOverloadedOperator() == OO_None) {
    m::MemOrder o = orderArg(0);
    if (o == m::MemOrder::Plain) return bad();
    return strongAccess(p, m::AccessKind::Read, l, what, o, scope, "", nullptr, rt);
  }
  if (mn == "store" || (fd->getOverloadedOperator() == OO_Equal && args.size() == 1)) {
    ExprRef v = valueArg(0);
    m::MemOrder o = mn == "store" ? orderArg(1) : m::MemOrder::SeqCst;
    if (o == m::MemOrder::Plain) return bad();
    strongAccess(p, m::AccessKind::Write, l, what, o, scope, "store", v, QualType());
    return v ? Value::integer(v) : Value::none();
  }
  std::string update = "other";
  ExprRef operand;
  m::MemOrder o = m::MemOrder::SeqCst;
  OverloadedOperatorKind ok = fd->getOverloadedOperator();
  if (mn == "fetch_add" || mn == "fetch_sub" || mn == "exchange" || mn == "fetch_and" || mn == "fetch_or" ||
      mn == "fetch_xor" || mn == "fetch_min" || mn == "fetch_max") {
    operand = valueArg(0);
    o = orderArg(1);
    if (mn == "fetch_add") update = "add";
    else if (mn == "exchange") update = "store";
  } else if (mn == "compare_exchange_strong" || mn == "compare_exchange_weak") {
    for (const clang::Expr *a : args) eval(a);
    // The expected value is written back on failure: a local, modelled as havoc.
    o = args.size() >= 3 ? orderArg(2) : m::MemOrder::SeqCst;
    if (args.size() >= 4) {
      m::MemOrder f = orderArg(3);
      if (f == m::MemOrder::Plain) o = f;
    }
    Place ex = lvalue(args[0]);
    if (ex.kind == Place::Kind::Var) store(ex, Value::integer(havoc(k.vars[ex.var].width, "compare_exchange expected")), l);
  } else if (ok == OO_PlusPlus || ok == OO_MinusMinus || ok == OO_PlusEqual || ok == OO_MinusEqual ||
             ok == OO_AmpEqual || ok == OO_PipeEqual || ok == OO_CaretEqual) {
    if (ok == OO_PlusPlus) { update = "add"; operand = Expr::constant(1, 32); }
    if (ok == OO_PlusEqual) { update = "add"; operand = valueArg(0); }
    else if (ok != OO_PlusPlus && !args.empty() && ok != OO_MinusMinus) valueArg(0);
  } else if (mn == "wait" || mn == "notify_one" || mn == "notify_all" || mn == "is_lock_free") {
    for (const clang::Expr *a : args) eval(a);
    unknown(l, what + " is not modelled");
    if (isIntLike(rt)) return Value::integer(havoc(intWidth(ctx, rt), what));
    return Value::none();
  } else {
    for (const clang::Expr *a : args) eval(a);
    unknown(l, what + " is not modelled");
    if (isIntLike(rt)) return Value::integer(havoc(intWidth(ctx, rt), what));
    return Value::none();
  }
  if (o == m::MemOrder::Plain) return bad();
  if (operand) operand = Expr::resize(operand, 8 * p.size, false);
  return strongAccess(p, m::AccessKind::Atomic, l, what, o, scope, update, operand, rt);
}

Value KernelBuilder::call(const CallExpr *c) {
  const FunctionDecl *fd = c->getDirectCallee();
  SourceLocation l = c->getBeginLoc();
  // Member calls on cooperative-groups objects.
  const clang::Expr *groupObj = nullptr;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(c)) groupObj = mc->getImplicitObjectArgument();
  else if (const auto *me = dyn_cast<MemberExpr>(c->getCallee()->IgnoreImpCasts())) groupObj = me->getBase();  // static members
  if (groupObj) {
    const clang::Expr *obj = groupObj->IgnoreImpCasts();  // methods inherited from group base classes
    unsigned gs = 0;
    int gk = obj ? groupKindOf(obj->getType(), gs) : 0;
    if (gk) {
      Value g = eval(obj);
      if (g.kind == Value::Kind::Group) { gk = g.group; gs = g.groupSize; }
      std::string mn = fd ? fd->getNameAsString() : "";
      QualType rt = c->getType();
      if (mn == "barrier_arrive" || mn == "barrier_wait") {
        // The split barrier: arrive, other work, wait for the others' arrivals.
        for (const clang::Expr *a : c->arguments()) eval(a);
        unknown(l, "the split barrier (barrier_arrive / barrier_wait) of cooperative groups is not modelled");
        return Value::none();
      }
      if (mn == "sync") {
        if (gk == GroupBlock) { emitBlockBarrier(l, "thread_block::sync"); return Value::none(); }
        if (gk == GroupTile && gs >= 1 && gs <= 32) { emitWarpBarrier(l, tileMask(gs), "thread_block_tile::sync"); return Value::none(); }
        if (gk == GroupTile) {  // a tile of several warps syncs them all: not a warp barrier
          unknown(l, "sync of a thread_block_tile of more than 32 threads (or of a size not known) is not modelled");
          return Value::none();
        }
        if (gk == GroupGrid) { emitGridBarrier(l, "grid.sync()"); return Value::none(); }
        unknown(l, "sync on this cooperative group is not modelled");
        return Value::none();
      }
      if (gk == GroupGrid && (mn == "thread_rank" || mn == "block_rank" || mn == "size" || mn == "num_threads" ||
                              mn == "num_blocks") && isIntLike(rt)) {
        // grid_group: ranks and sizes over the linear block index (x fastest),
        // in 64 bits (thread_rank and size are unsigned long long).
        auto w64 = [](ExprRef e) { return Expr::resize(std::move(e), 64, false); };
        auto B = [](m::Builtin b) { return Expr::builtinVar(b); };
        ExprRef gx = w64(B(m::Builtin::GridDimX)), gy = w64(B(m::Builtin::GridDimY)), gz = w64(B(m::Builtin::GridDimZ));
        ExprRef blockRank = Expr::binary(
            Op::Add, w64(B(m::Builtin::BlockIdxX)),
            Expr::binary(Op::Mul, gx,
                         Expr::binary(Op::Add, w64(B(m::Builtin::BlockIdxY)), Expr::binary(Op::Mul, gy, w64(B(m::Builtin::BlockIdxZ))))));
        ExprRef blocks = Expr::binary(Op::Mul, gx, Expr::binary(Op::Mul, gy, gz));
        ExprRef r = mn == "thread_rank" ? Expr::binary(Op::Add, Expr::binary(Op::Mul, blockRank, w64(blockSize())), w64(linearTid()))
                    : mn == "block_rank" ? blockRank
                    : mn == "num_blocks" ? blocks
                                         : Expr::binary(Op::Mul, blocks, w64(blockSize()));
        return Value::integer(Expr::resize(r, intWidth(ctx, rt), false));
      }
      if (mn == "thread_rank" && isIntLike(rt)) {
        ExprRef r = gk == GroupBlock ? linearTid()
                    : gk == GroupTile ? Expr::binary(Op::URem, linearTid(), Expr::constant(gs, 32))
                                      : havoc(32, "thread_rank");
        return Value::integer(Expr::resize(r, intWidth(ctx, rt), false));
      }
      if ((mn == "size" || mn == "num_threads") && isIntLike(rt)) {
        ExprRef r = gk == GroupBlock ? blockSize() : gk == GroupTile ? Expr::constant(gs, 32) : havoc(32, "group size");
        return Value::integer(Expr::resize(r, intWidth(ctx, rt), false));
      }
      if (gk == GroupTile && (mn == "shfl" || mn == "shfl_down" || mn == "shfl_up" || mn == "shfl_xor" ||
                              mn == "any" || mn == "all" || mn == "ballot" || mn == "match_any" ||
                              mn == "match_all")) {
        // A tile's collective: every thread of the tile takes part (its mask
        // is the caller's tile), checked like __shfl_*_sync's.
        for (const clang::Expr *a : c->arguments()) eval(a);
        emitWarpBarrier(l, tileMask(gs), "thread_block_tile::" + mn, m::BarrierKind::WarpCollective);
        if (isIntLike(rt)) return Value::integer(havoc(intWidth(ctx, rt), "result of group." + mn));
        return Value::none();
      }
      if ((mn == "meta_group_rank") && gk == GroupTile && isIntLike(rt) && g.groupParent != ~0u) {
        // The tile's rank within its parent: the block, or a larger tile.
        ExprRef inParent = g.groupParent == 0 ? linearTid() : Expr::binary(Op::URem, linearTid(), Expr::constant(g.groupParent, 32));
        return Value::integer(Expr::resize(Expr::binary(Op::UDiv, inParent, Expr::constant(gs, 32)), intWidth(ctx, rt), false));
      }
      if (isa<CXXConversionDecl>(fd)) {
        // thread_block_tile<32, thread_block> to thread_block_tile<32>: the
        // same group (and the same parent) under another static type.
        unsigned rs = 0;
        if (groupKindOf(rt, rs) == gk && rs == gs) return g;
      }
      for (const clang::Expr *a : c->arguments()) eval(a);
      // Queries that only describe the group; any other method may
      // synchronize or communicate: not modelled.
      static const std::set<std::string> queries = {
          "thread_rank", "size", "num_threads", "thread_index", "group_index", "dim_threads", "group_dim",
          "block_index", "block_dim", "dim_blocks", "block_rank", "num_blocks", "is_valid", "meta_group_rank",
          "meta_group_size", "cluster_rank", "num_clusters", "dim_clusters", "cluster_index"};
      // (Conversions and assignments between group types copy the group.)
      if (!queries.count(mn) && mn.rfind("operator", 0) != 0)
        unknown(l, "cooperative groups method '" + mn + "' is not modelled");
      if (isIntLike(rt)) return Value::integer(havoc(intWidth(ctx, rt), "result of group." + mn));
      return Value::none();
    }
  }
  if (fd) {
    const clang::Expr *obj = memberObject(c, fd);
    m::MemScope scope;
    if (obj) obj = obj->IgnoreImpCasts();  // methods of libcu++'s base classes
    if (obj)
      if (int kind = libAtomicKind(obj->getType(), scope)) return libAtomicCall(c, fd, obj, kind, scope);
    if (obj && isa<CXXMethodDecl>(fd) && isBlockBarrierType(obj->getType())) {
      // bar.arrive([n]) / bar.wait(token) / bar.arrive_and_wait()
      std::string mn = fd->getNameAsString();
      SourceLocation l = c->getBeginLoc();
      Value o = barrierObject(obj);
      if (mn == "arrive" && c->getNumArgs() <= 1) {
        StmtRef st = emitMbarrier(m::MbarOp::Arrive, o, c->getNumArgs() ? evalInt(c->getArg(0)) : nullptr, nullptr, l,
                                  "barrier.arrive()");
        return barrierToken(st, c->getType());
      }
      if (mn == "wait" && c->getNumArgs() == 1) {
        StmtRef st = emitMbarrier(m::MbarOp::Wait, o, evalInt(c->getArg(0)), nullptr, l, "barrier.wait(token)");
        if (st) st->tokenWait = true;
        return Value::none();
      }
      if (mn == "arrive_and_wait" && c->getNumArgs() == 0) {
        StmtRef a = emitMbarrier(m::MbarOp::Arrive, o, nullptr, nullptr, l, "barrier.arrive_and_wait()");
        if (a) {
          a->token = nextToken++;
          StmtRef st = emitMbarrier(m::MbarOp::Wait, o, Expr::constant(a->token, 32), nullptr, l,
                                    "barrier.arrive_and_wait()");
          if (st) st->tokenWait = true;
        }
        return Value::none();
      }
      // bar.wait_parity(p): blocks until the phase with parity p completes
      // (libcu++: mbarrier.try_wait.parity in a loop, acquire at CTA scope).
      if (mn == "wait_parity" && c->getNumArgs() == 1) {
        ExprRef p = evalInt(c->getArg(0));
        emitMbarrier(m::MbarOp::Wait, o, p ? Expr::binary(Op::And, Expr::resize(p, 32, false), Expr::constant(1, 32))
                                           : nullptr,
                     nullptr, l, "barrier.wait_parity()");
        return Value::none();
      }
      for (const clang::Expr *a : c->arguments()) eval(a);
      unknown(l, "cuda::barrier::" + mn + " is not modelled");
      if (isIntLike(c->getType())) return Value::integer(havoc(intWidth(ctx, c->getType()), "result of barrier." + mn));
      return Value::none();
    }
  }
  if (!fd) {
    for (const clang::Expr *a : c->arguments()) eval(a);
    unknown(l, "indirect call is not modelled");
    if (isIntLike(c->getType())) return Value::integer(havoc(intWidth(ctx, c->getType()), "indirect call"));
    return Value::none();
  }
  if (isa<CUDAKernelCallExpr>(c)) {
    // A launch from device code: the child grid runs concurrently with the
    // parent and is checked as a kernel of its own, not as a call.
    for (const clang::Expr *a : c->arguments()) eval(a);
    unknown(l, "a kernel launch from device code (dynamic parallelism) is not modelled");
    if (isIntLike(c->getType())) return Value::integer(havoc(intWidth(ctx, c->getType()), "launch result"));
    return Value::none();
  }
  const FunctionDecl *def = nullptr;
  bool hasBody = fd->hasBody(def);
  bool system = sm.isInSystemHeader(fd->getLocation());
  // Intrinsics and library functions are recognised by name, but only
  // outside the program's own code: a user function that happens to be
  // called `max` or `atomicAdd` is inlined like any other.
  if (!hasBody || system) {
    bool handled = false;
    Value v = callKnown(c, fd, handled);
    if (handled) return v;
  }
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(c)) {
    // A virtual call runs the dynamic type's override: known only for a
    // call on an object variable (not through a pointer or reference),
    // qualified (Base::f()), or final.
    if (const CXXMethodDecl *md = mc->getMethodDecl(); md && md->isVirtual()) {
      const auto *me = dyn_cast<MemberExpr>(mc->getCallee()->IgnoreParens());
      bool exact = (me && me->hasQualifier()) || md->hasAttr<FinalAttr>() || md->getParent()->hasAttr<FinalAttr>();
      if (me && !me->isArrow())
        if (const auto *dr = dyn_cast<DeclRefExpr>(mc->getImplicitObjectArgument()->IgnoreParenImpCasts()))
          if (const auto *vd = dyn_cast<VarDecl>(dr->getDecl()); vd && !vd->getType()->isReferenceType())
            exact = true;
      if (!exact)
        unknown(l, "virtual call to '" + md->getQualifiedNameAsString() +
                       "' through a pointer or reference: dynamic dispatch is not modelled");
    }
  }
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(c); oc && trivialIntStructAssign(oc)) {
    // `s[0] = p`, `s[0] = P{7, 9}` for a struct of integers: the source's
    // field values (C++17: the right operand first), one store per field.
    const auto *md = cast<CXXMethodDecl>(fd);
    QualType t = oc->getArg(0)->getType().getUnqualifiedType();
    Binding tmp = localStruct(md->getParent()->getNameAsString(), t, l, 0);
    initStruct(tmp, t, oc->getArg(1), l);
    Place dst = lvalue(oc->getArg(0));
    if (dst.kind == Place::Kind::Mem && !dst.alts && !dst.bitField && dst.off) {
      std::function<void(const Binding &, QualType, uint64_t, const std::string &)> put =
          [&](const Binding &b, QualType ft, uint64_t at, const std::string &name) {
            if (b.kind == Binding::Kind::Var) {
              Place fp = dst;
              fp.off = Expr::binary(Op::Add, dst.off, c64(at));
              fp.size = b.width / 8;
              fp.text = name;
              store(fp, Value::integer(Expr::var(b.id, b.width)), l);
              return;
            }
            const ASTRecordLayout &layout = ctx.getASTRecordLayout(ft->getAsCXXRecordDecl());
            for (const FieldDecl *f : ft->getAsCXXRecordDecl()->fields())
              put(b.fields->at(f), f->getType(), at + layout.getFieldOffset(f->getFieldIndex()) / 8,
                  name + "." + f->getNameAsString());
          };
      put(tmp, t, 0, dst.text);
    } else {
      // Thread-private storage (nothing to record), or memory through a
      // pointer into several regions: one write of the whole object, its
      // values not tracked.
      store(dst, Value::none(), l);
    }
    return Value::none();
  }
  if (hasBody && !system) {
    return inlineCall(c, def, memberObject(c, fd));
  }
  // Assignment operators of library value types (__half, float4, ...): a
  // store (compound: a load and a store) of the whole object.
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(c)) {
    OverloadedOperatorKind ok = oc->getOperator();
    const auto *md = dyn_cast<CXXMethodDecl>(fd);
    if (md && oc->getNumArgs() == 2 && isValueRecord(md->getParent()) &&
        (ok == OO_Equal || ok == OO_PlusEqual || ok == OO_MinusEqual || ok == OO_StarEqual || ok == OO_SlashEqual)) {
      eval(oc->getArg(1));
      Place p = lvalue(oc->getArg(0));
      if (ok != OO_Equal) load(p, oc->getArg(0)->getType(), l);
      store(p, Value::none(), l);
      return Value::none();
    }
  }
  // std::move / std::forward: casts, the value of their argument.
  if (std::string qn = fd->getQualifiedNameAsString();
      (qn == "std::move" || qn == "std::forward" || qn == "cuda::std::move" || qn == "cuda::std::forward") &&
      c->getNumArgs() == 1)
    return eval(c->getArg(0));
  // Texture fetches read the memory behind a texture object, which the
  // kernel may write (the texture cache is not coherent with those writes).
  if (llvm::StringRef n = fd->getName();
      n.starts_with("tex") && n.size() > 4 && (std::isdigit((unsigned char)n[3]) || n.substr(3).starts_with("Cubemap"))) {
    for (const clang::Expr *a : c->arguments()) eval(a);
    unknown(l, "texture fetch '" + n.str() + "': the memory behind a texture object is not modelled");
    QualType rt = c->getType();
    if (isIntLike(rt)) return Value::integer(havoc(intWidth(ctx, rt), "texel"));
    return Value::none();
  }
  // Library functions: pure if they take no pointers or non-const
  // references, are not members that may change their object, and return a
  // value (a void library call that does nothing visible is suspicious: it
  // may synchronize).
  bool pure = true;
  for (const ParmVarDecl *p : fd->parameters()) {
    QualType pt = p->getType();
    if (pt->isPointerType() || (pt->isReferenceType() && !pt.getNonReferenceType().isConstQualified()))
      pure = false;
  }
  const clang::Expr *self = nullptr;  // the object of a member call
  if (const auto *md = dyn_cast<CXXMethodDecl>(fd); md && !md->isStatic()) {
    pure = pure && md->isConst();
    self = memberObject(c, fd);
    // A const member may read memory through the object's pointers (span).
    if (pure && holdsIndirection(md->getParent())) pure = false;
  }
  if (fd->getReturnType()->isVoidType()) pure = false;
  if (fd->getQualifiedNameAsString().find("cooperative_groups") != std::string::npos) pure = false;
  // Math functions whose pointer parameters only receive floating-point
  // results (sincosf(x, &s, &c), modff): harmless when every pointer is to
  // thread-private storage (its values are not tracked).
  static const std::set<std::string> mathOut = {"sincosf", "sincos", "sincospif", "sincospi", "modff", "modf",
                                                "__sincosf"};
  bool privateOut = mathOut.count(fd->getNameAsString()) > 0;
  std::vector<Value> args;
  for (const clang::Expr *a : c->arguments()) {
    args.push_back(eval(a));
    QualType at = a->getType();
    if (at->isPointerType() && (!at->getPointeeType()->isRealFloatingType() || args.back().kind != Value::Kind::Ptr ||
                                args.back().region != -2))
      privateOut = false;
  }
  if (privateOut) pure = true;
  // A const member reads its object (a bf16 element converted to float,
  // complex::real()): the read of the object's bytes.
  if (pure && self) {
    const clang::Expr *o = self->IgnoreParens();
    if (o->getType()->isPointerType()) pure = false;  // p->f(): not modelled
    else if (o->isGLValue()) load(lvalue(o), o->getType(), l);
    else eval(o);
  }
  if (!pure) {
    unknown(l, "call to '" + fd->getQualifiedNameAsString() + "' (no body, or a library function that may access memory through pointers) is not modelled");
  }
  QualType rt = c->getType();
  if (isIntLike(rt)) return Value::integer(havoc(intWidth(ctx, rt), "result of " + fd->getNameAsString()));
  if (rt->isPointerType()) return Value::pointer(-1, havoc(64, "pointer returned by " + fd->getNameAsString()));
  return Value::none();
}

void KernelBuilder::checkBaseOffsets(const clang::Stmt *body) {
  if (!body) return;
  BaseOffsetFinder f(ctx);
  f.TraverseStmt(const_cast<clang::Stmt *>(body));
  if (f.found.isValid())
    unknown(f.found, "a conversion to a base class that is not at offset 0 (multiple or virtual inheritance) is not modelled");
}

Value KernelBuilder::inlineCall(const CallExpr *c, const FunctionDecl *fd, const clang::Expr *thisArg) {
  std::vector<const clang::Expr *> args(c->arg_begin(), c->arg_end());
  return inlineBody(c->getBeginLoc(), args, isa<CXXOperatorCallExpr>(c), fd, thisArg, false);
}

Value KernelBuilder::inlineBody(SourceLocation l, llvm::ArrayRef<const clang::Expr *> args, bool operatorCall,
                                const FunctionDecl *fd, const clang::Expr *thisArg, bool privateThis) {
  checkBaseOffsets(fd->getBody());
  for (const ParmVarDecl *p : fd->parameters())
    if (hasReferenceMember(p->getType()))
      unknown(l, "parameter '" + p->getNameAsString() + "' of '" + fd->getNameAsString() +
                     "' is of a class with reference members; not modelled");
  for (const auto &f : frames)
    if (f.fn == fd) {
      for (const clang::Expr *a : args) eval(a);
      unknown(l, "recursive call to '" + fd->getNameAsString() + "' is not modelled");
      return Value::none();
    }
  if (frames.size() > 48) {
    unknown(l, "call nesting too deep to inline");
    return Value::none();
  }
  // Evaluate arguments in the caller's scope.
  std::vector<std::pair<const ParmVarDecl *, Binding>> binds;
  unsigned argBase = 0;
  const auto *method = dyn_cast<CXXMethodDecl>(fd);
  Value thisValue;
  bool hasThis = false;
  std::optional<Binding> thisStructArg;
  if (thisArg && method && !method->isStatic()) {
    if (isa<CXXThisExpr>(thisArg->IgnoreParenImpCasts())) {
      if (const Binding *self = thisStruct()) thisStructArg = *self;
    } else if (const Binding *self = structArgument(thisArg)) {
      thisStructArg = *self;
    }
  }
  if (privateThis) {
    thisValue = Value::pointer(-2, c64(0));
    hasThis = true;
  } else if (thisArg && method && !method->isStatic() && thisStructArg) {
    if (operatorCall) argBase = 1;
    hasThis = true;
  } else if (thisArg && method && !method->isStatic()) {
    if (operatorCall) argBase = 1;
    Value tv = thisArg->getType()->isPointerType() ? eval(thisArg) : Value::none();
    if (!thisArg->getType()->isPointerType()) {
      Place p = lvalue(thisArg);
      if (p.kind == Place::Kind::Mem) tv = Value::pointer(p.region, p.off);
      else if (p.kind == Place::Kind::Invalid) tv = Value::none();  // its members are not modelled
      else tv = Value::pointer(-2, c64(0));
    }
    thisValue = tv;
    hasThis = true;
  }
  // Lambda call operators: captures refer to the enclosing declarations,
  // which stay bound in the outer frames.
  unsigned np = fd->getNumParams();
  for (unsigned i = 0; i < np; ++i) {
    const ParmVarDecl *pd = fd->getParamDecl(i);
    const clang::Expr *arg = i + argBase < args.size() ? args[i + argBase] : pd->getDefaultArg();
    QualType pt = pd->getType();
    Binding b{Binding::Kind::Private};
    if (!arg) { binds.push_back({pd, b}); continue; }
    if (pt->isReferenceType()) {
      unsigned gs = 0;
      if (int gk = groupKindOf(pt, gs)) {
        Value g = eval(arg);
        b.kind = Binding::Kind::Group;
        b.group = g.kind == Value::Kind::Group ? g : Value{};
        if (b.group.kind != Value::Kind::Group) { b.group.kind = Value::Kind::Group; b.group.group = gk; b.group.groupSize = gs; }
      } else if (pt.getNonReferenceType().isConstQualified() && isIntLike(pt.getNonReferenceType()) &&
                 (!arg->isGLValue() || isa<MaterializeTemporaryExpr>(arg->IgnoreParens()))) {
        // A const reference to a temporary (`f(i + 1)`, a converted value):
        // the value. A const reference to an lvalue is a place below: it is
        // read where the callee reads it, and sees the callee's writes to it.
        Value v = eval(arg);
        b.kind = Binding::Kind::Var;
        b.width = intWidth(ctx, pt.getNonReferenceType());
        b.isSigned = pt.getNonReferenceType()->isSignedIntegerOrEnumerationType();
        b.id = newVar(pd->getNameAsString(), b.width, b.isSigned, pd->getLocation());
        assign(b.id, v.kind == Value::Kind::Int ? v.e : havoc(b.width, "argument"), l);
      } else if (const Binding *src = structArgument(arg, true); src && pt->isLValueReferenceType()) {
        b = *src;  // the caller's fields or elements, one variable each (plainLocalAggregate): the same variables
      } else {
        b.kind = Binding::Kind::RefPlace;
        b.place = lvalue(arg);
        fixPlace(b.place, pd->getNameAsString(), l);
      }
    } else if (Value sa = isIntLike(pt) && intWidth(ctx, pt) >= 32 ? sharedAddress(arg) : Value::none();
               sa.kind == Value::Kind::Ptr && sa.region >= 0) {
      // An integer parameter that receives a shared-window address
      // (lds128(smem_addr(p))): it stays that address in the callee.
      b.kind = Binding::Kind::PtrVar;
      b.addr = true;
      b.region = sa.region;
      b.id = newVar(pd->getNameAsString(), 64, false, pd->getLocation());
      assign(b.id, sa.off, l);
    } else if (isIntLike(pt)) {
      Value v = eval(arg);
      b.kind = Binding::Kind::Var;
      b.width = intWidth(ctx, pt);
      b.isSigned = pt->isSignedIntegerOrEnumerationType();
      b.id = newVar(pd->getNameAsString(), b.width, b.isSigned, pd->getLocation());
      assign(b.id, v.kind == Value::Kind::Int ? Expr::resize(v.e, b.width, false) : havoc(b.width, "argument"), l);
      if (v.kind == Value::Kind::Int && v.e->isConst() && neverModified(pd)) b.constant = Expr::resize(v.e, b.width, false);
    } else if (pt->isPointerType()) {
      Value v = eval(arg);
      if (v.alts) {
        binds.push_back({pd, choiceBinding(v, pd->getNameAsString(), l)});
        continue;
      }
      b.kind = Binding::Kind::PtrVar;
      b.region = v.kind == Value::Kind::Ptr ? v.region : -1;
      b.maybeNull = v.kind == Value::Kind::Ptr && (v.maybeNull || v.region == -2);
      b.null = v.kind == Value::Kind::Ptr && v.null && neverModified(pd);
      b.id = newVar(pd->getNameAsString(), 64, false, pd->getLocation());
      assign(b.id, v.kind == Value::Kind::Ptr ? v.off : havoc(64, "argument"), l);
    } else {
      unsigned gs = 0;
      if (int gk = groupKindOf(pt, gs)) {
        Value g = eval(arg);
        b.kind = Binding::Kind::Group;
        b.group = g;
        if (g.kind != Value::Kind::Group) { b.group.kind = Value::Kind::Group; b.group.group = gk; b.group.groupSize = gs; }
      } else if (const Binding *src = structArgument(arg)) {
        b = copyStruct(*src, l);  // a by-value struct from a local held field by field
      } else {
        eval(arg);
      }
    }
    binds.push_back({pd, b});
  }
  InlineFrame f;
  f.fn = fd;
  f.returnLabel = k.nextLabel++;
  f.thisValue = thisValue;
  f.hasThis = hasThis;
  f.thisStruct = thisStructArg;
  QualType rt = fd->getReturnType();
  unsigned gsRef = 0;
  if (!isIntLike(rt) && !rt->isReferenceType() && rt->getAsCXXRecordDecl() && intStructNoPadding(rt, 0)) {
    f.structResult = localStruct(fd->getNameAsString() + ".result", rt.getUnqualifiedType(), fd->getLocation(), 0);
  } else if (isIntLike(rt)) {
    f.hasResult = true;
    f.resultVar = newVar(fd->getNameAsString() + ".result", intWidth(ctx, rt), rt->isSignedIntegerOrEnumerationType(), fd->getLocation());
  } else if (rt->isPointerType() || (rt->isReferenceType() && !groupKindOf(rt.getNonReferenceType(), gsRef))) {
    // A reference result is the address of the object it names (the caller
    // takes the call as an lvalue: KernelBuilder::lvalueInner).
    f.hasResult = true;
    f.pointerResult = true;
    f.referenceResult = rt->isReferenceType();
    f.resultBinding.kind = Binding::Kind::PtrVar;
    f.resultBinding.region = -3;
    f.resultBinding.id = newVar(fd->getNameAsString() + ".result", 64, false, fd->getLocation());
  }
  for (auto &[pd, b] : binds) f.scope[pd] = b;
  if (method && method->getParent()->isLambda())
    if (auto it = closureCopies.find(method->getParent()); it != closureCopies.end() && !it->second.empty()) {
      // The closure's copies of its by-copy captures, from its latest
      // creation: the one called when the lambda was created once, or when
      // the call names the variable that creation initialized.
      // A mutable closure's copies (`auto g = f;`, a by-value argument)
      // hold copies of its captures that change on their own: only calls
      // through the variable the creation initialized are modelled.
      bool named = namesClosureVar(thisArg, method->getParent());
      if (named || closureCreations[method->getParent()] == 1)
        for (auto &[d, b] : it->second) f.scope[d] = b;
      if (!named && !method->isConst())
        unknown(l, "call of a mutable lambda through a copy of its closure; not modelled");
      else if (!named && closureCreations[method->getParent()] != 1)
        unknown(l, "call of a lambda with by-copy captures that is created in more than one place; not modelled");
    }
  frames.push_back(std::move(f));
  callSites.push_back(l);

  StmtRef saved = current;
  auto blk = newBlock(loc(userLoc(l)));
  blk->label = frames.back().returnLabel;
  current = blk;
  std::vector<LoopLabels> savedLoops;
  savedLoops.swap(loops);
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fd); ctor && privateThis)
    for (const CXXCtorInitializer *init : ctor->inits())  // (fields of private storage: only the effects)
      if (init->getInit()) evalDiscarded(init->getInit());
  stmt(fd->getBody());
  loops.swap(savedLoops);
  current = saved;
  emit(blk);

  InlineFrame done = std::move(frames.back());
  frames.pop_back();
  callSites.pop_back();
  if (done.structResult) lastStructResult = {fd, *done.structResult};
  if (done.hasResult && !done.pointerResult)
    return Value::integer(Expr::var(done.resultVar, k.vars[done.resultVar].width));
  if (done.pointerResult && done.altsOk && done.altRegions.size() >= 2) {
    // The tag starts at 0 (the first region) in every call: returns into
    // that region alone leave it there.
    auto reset = Stmt::make(Stmt::Kind::Assign, loc(userLoc(l)));
    reset->var = done.altTag;
    reset->value = Expr::constant(0, 32);
    blk->stmts.insert(blk->stmts.begin(), reset);
    Binding b{Binding::Kind::PtrVar};
    b.tag = done.altTag;
    b.altRegions = done.altRegions;
    b.altOffs = done.altOffs;
    return choiceValue(b);
  }
  if (done.pointerResult) {
    int region = done.resultBinding.region == -3 ? -2 : done.resultBinding.region;
    Value v = Value::pointer(region, Expr::var(done.resultBinding.id, 64));
    v.maybeNull = done.resultBinding.maybeNull;
    return v;
  }
  return Value::none();
}

// ------------------------------------------------------------------ statements

void KernelBuilder::varDecl(const VarDecl *v) {
  SourceLocation l = v->getLocation();
  QualType t = v->getType();
  if (v->hasAttr<CUDASharedAttr>() || v->isStaticLocal() || v->hasGlobalStorage()) {
    // Static storage: one region per declaration. Initializers of __shared__
    // variables are not allowed in CUDA.
    if (v->hasAttr<CUDASharedAttr>()) regionForVar(v);
    return;
  }
  if (t->isReferenceType()) {
    Binding b{Binding::Kind::RefPlace};
    if (v->getInit()) {
      unsigned gs = 0;
      if (int gk = groupKindOf(t, gs)) {
        Value g = eval(v->getInit());
        b.kind = Binding::Kind::Group;
        b.group = g.kind == Value::Kind::Group ? g : Value{};
        if (b.group.kind != Value::Kind::Group) { b.group.kind = Value::Kind::Group; b.group.group = gk; b.group.groupSize = gs; }
      } else if (const Binding *el = paramArrayElement(v->getInit()); el && el->kind == Binding::Kind::Struct) {
        b = *el;  // `const T& L = p.a[i]`: the selected element's fields
      } else {
        b.place = lvalue(v->getInit());
        fixPlace(b.place, v->getNameAsString(), l);
      }
    }
    bind(v, b);
    return;
  }
  m::MemScope atomicScope;
  if (libAtomicKind(t, atomicScope) == 1) {
    // cuda::atomic_ref r(x): r designates x.
    Binding b{Binding::Kind::RefPlace};
    if (v->getInit()) b.place = libAtomicPlace(v->getInit(), 1);
    if (b.place.kind != Place::Kind::Mem) unknown(l, "atomic_ref '" + v->getNameAsString() + "' to memory that is not modelled");
    bind(v, b);
    return;
  }
  unsigned gs = 0;
  if (int gk = groupKindOf(t, gs)) {
    Binding b{Binding::Kind::Group};
    Value g = v->getInit() ? eval(v->getInit()) : Value{};
    b.group = g;
    if (g.kind != Value::Kind::Group) { b.group.kind = Value::Kind::Group; b.group.group = gk; b.group.groupSize = gs; }
    bind(v, b);
    return;
  }
  if (isIntLike(t)) {
    Binding b{Binding::Kind::Var};
    b.width = intWidth(ctx, t);
    b.isSigned = t->isSignedIntegerOrEnumerationType();
    Value iv = v->getInit() ? eval(v->getInit()) : Value::none();
    if (iv.kind == Value::Kind::Ptr && iv.addr) {
      // An integer holding an address (uintptr_t base = ...).
      b.kind = Binding::Kind::PtrVar;
      b.addr = true;
      b.region = iv.region;
      b.id = newVar(v->getNameAsString(), 64, false, l);
      bind(v, b);
      assign(b.id, iv.off, l);
      return;
    }
    b.id = newVar(v->getNameAsString(), b.width, b.isSigned, l);
    ExprRef init = !v->getInit() ? havoc(b.width, "uninitialized '" + v->getNameAsString() + "'")
                   : iv.kind == Value::Kind::Int ? Expr::resize(iv.e, b.width, false)
                   : iv.kind == Value::Kind::Ptr && v->getType()->isBooleanType() ? havoc(1, "pointer truth value")
                                                                                  : havoc(b.width, "value of '" + text(v->getInit()) + "'");
    bind(v, b);
    assign(b.id, init, l);
    return;
  }
  if (t->isPointerType()) {
    Binding b{Binding::Kind::PtrVar};
    b.id = newVar(v->getNameAsString(), 64, false, l);
    Value init = v->getInit() ? eval(v->getInit()) : Value::pointer(-3, havoc(64, "uninitialized pointer"));
    if (init.alts) {
      bind(v, choiceBinding(init, v->getNameAsString(), l));
      return;
    }
    b.region = init.kind == Value::Kind::Ptr ? init.region : -1;
    b.maybeNull = init.kind == Value::Kind::Ptr && init.maybeNull;
    bind(v, b);
    assign(b.id, init.kind == Value::Kind::Ptr ? init.off : havoc(64, "pointer"), l);
    return;
  }
  // Small arrays of integers and structs of integers that never escape
  // (only their elements / fields are used): one variable per element or
  // field, so instruction words and per-page counters keep their values.
  if (plainLocalAggregate(v)) {
    if (const auto *at = ctx.getAsConstantArrayType(t)) {
      Binding b{Binding::Kind::LocalArray};
      QualType et = at->getElementType();
      bool pointers = et->isPointerType();
      b.width = pointers ? 64 : intWidth(ctx, et);
      b.isSigned = !pointers && et->isSignedIntegerOrEnumerationType();
      // Arrays of pointers: a region per element when the elements are only
      // read after the initializer; otherwise one region for all (a store
      // in a loop must reach the loads before it in the body).
      if (pointers)
        b.elemRegions = std::make_shared<std::vector<int>>(elementsOnlyRead(v) ? at->getSize().getZExtValue() : 1, -3);
      uint64_t n = at->getSize().getZExtValue();
      const auto *il = v->getInit() ? dyn_cast<InitListExpr>(v->getInit()->IgnoreParenImpCasts()) : nullptr;
      for (uint64_t i = 0; i < n; ++i) {
        int id = newVar(v->getNameAsString() + "[" + std::to_string(i) + "]", b.width, b.isSigned, l);
        b.elems.push_back(id);
        ExprRef init;
        if (pointers && il && i < il->getNumInits()) {
          Value pv = eval(il->getInit(i));
          joinElementRegion((*b.elemRegions)[std::min<size_t>(i, b.elemRegions->size() - 1)], pv);
          init = pv.kind == Value::Kind::Ptr ? pv.off : havoc(64, "pointer");
        } else if (pointers) {
          init = havoc(64, il ? "null pointer element" : "uninitialized '" + v->getNameAsString() + "'");
          if (il) (*b.elemRegions)[std::min<size_t>(i, b.elemRegions->size() - 1)] = -1;  // a null element: no region
        } else {
          init = il ? (i < il->getNumInits() ? evalInt(il->getInit(i)) : Expr::constant(0, b.width))
                    : havoc(b.width, "uninitialized '" + v->getNameAsString() + "'");
        }
        assign(id, init, l);
      }
      bind(v, b);
      return;
    }
    Binding b = localStruct(v->getNameAsString(), t, l, 0);
    initStruct(b, t, v->getInit(), l);
    bind(v, b);
    return;
  }
  // Arrays, structs, floats: thread-private storage.
  if (v->getInit()) eval(v->getInit());
  Binding b{Binding::Kind::Private};
  bind(v, b);
}

// Fields of a local struct bound one by one: integers and pointers get a
// variable, nested structs recurse, anything else is private storage (reads:
// arbitrary).
Binding KernelBuilder::localStruct(const std::string &name, QualType t, SourceLocation l, int depth) {
  if (isIntLike(t)) {
    Binding b{Binding::Kind::Var};
    b.width = intWidth(ctx, t);
    b.isSigned = t->isSignedIntegerOrEnumerationType();
    b.id = newVar(name, b.width, b.isSigned, l);
    return b;
  }
  if (t->isPointerType()) {
    // A pointer field: its offset, and the region fixed by its first store.
    Binding b{Binding::Kind::PtrVar};
    b.id = newVar(name, 64, false, l);
    b.region = -3;
    return b;
  }
  const auto *rd = t->getAsCXXRecordDecl();
  if (rd && !rd->isUnion() && rd->getNumBases() == 0 && depth < 4) {
    Binding b{Binding::Kind::Struct};
    b.fields = std::make_shared<std::map<const FieldDecl *, Binding>>();
    for (const FieldDecl *f : rd->fields())
      if (!f->isBitField()) (*b.fields)[f] = localStruct(name + "." + f->getNameAsString(), f->getType(), l, depth + 1);
    return b;
  }
  return Binding{Binding::Kind::Private};
}

// Initial values of a struct bound field by field: from an initializer list,
// another such struct, or memory (a __constant__ table gives the values;
// other memory: one read of the whole object, arbitrary values).
void KernelBuilder::initStruct(const Binding &b, QualType t, const clang::Expr *init, SourceLocation l) {
  StmtRef memRead;  // the read of the whole object, when it comes from memory
  std::function<void(const Binding &, const Binding *, const Place *, uint64_t, QualType)> fill;
  fill = [&](const Binding &dst, const Binding *src, const Place *mem, uint64_t at, QualType ft) {
    if (dst.kind == Binding::Kind::Var) {
      ExprRef v;
      if (src && src->kind == Binding::Kind::Var) v = Expr::var(src->id, src->width);
      else if (mem && mem->region >= 0 && k.regions[mem->region].constData)
        v = Expr::tableLoad(mem->region, k.regions[mem->region].constData, Expr::binary(Op::Add, mem->off, c64(at)),
                            dst.width);
      else {
        v = havoc(dst.width, "field loaded from memory");
        if (mem && memRead) memRead->fieldLoads.push_back({v->id, at, dst.width});
      }
      assign(dst.id, v, l);
      return;
    }
    if (dst.kind == Binding::Kind::PtrVar) {
      // A pointer field copied from another such struct keeps its region;
      // loaded from memory it points nowhere known; uninitialized, its
      // region is set by its first store.
      bool known = src && src->kind == Binding::Kind::PtrVar;
      const_cast<Binding &>(dst).region = known ? src->region : (src || mem) ? -1 : -3;
      assign(dst.id, known ? Expr::var(src->id, 64) : havoc(64, "pointer field loaded from memory"), l);
      return;
    }
    if (dst.kind != Binding::Kind::Struct) return;
    const auto *rd = ft->getAsCXXRecordDecl();
    const ASTRecordLayout &layout = ctx.getASTRecordLayout(rd);
    for (auto &[f, fb] : *dst.fields) {
      const Binding *sf = nullptr;
      if (src && src->kind == Binding::Kind::Struct) {
        auto it = src->fields->find(f);
        if (it != src->fields->end()) sf = &it->second;
      }
      fill(fb, sf, mem, at + layout.getFieldOffset(f->getFieldIndex()) / 8, f->getType());
    }
  };
  auto havocAll = [&]() { fill(b, nullptr, nullptr, 0, t); };
  if (!init) { havocAll(); return; }
  const clang::Expr *e = init->IgnoreParenImpCasts();
  if (const auto *ce = dyn_cast<CXXConstructExpr>(e); ce && ce->getNumArgs() == 1 && ce->getConstructor()->isCopyOrMoveConstructor())
    e = ce->getArg(0)->IgnoreParenImpCasts();
  if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e)) e = mt->getSubExpr()->IgnoreParenImpCasts();
  // `P{7, 9}`: a functional cast of a brace list to its own type.
  if (const auto *fc = dyn_cast<CXXFunctionalCastExpr>(e); fc && fc->getCastKind() == CK_NoOp)
    e = fc->getSubExpr()->IgnoreParenImpCasts();
  // The implicit (or defaulted) default constructor: the default member
  // initializers (`int index = 0;`), the other fields uninitialized.
  if (const auto *ce = dyn_cast<CXXConstructExpr>(e);
      ce && ce->getNumArgs() == 0 && ce->getConstructor()->isDefaultConstructor() &&
      !ce->getConstructor()->isUserProvided()) {
    havocAll();
    std::function<void(const Binding &, QualType)> defaults = [&](const Binding &sb, QualType st) {
      const auto *rd = st->getAsCXXRecordDecl();
      if (!rd || sb.kind != Binding::Kind::Struct) return;
      for (const FieldDecl *f : rd->fields()) {
        auto it = sb.fields->find(f);
        if (it == sb.fields->end()) continue;
        if (it->second.kind == Binding::Kind::Struct) defaults(it->second, f->getType());
        else if (it->second.kind == Binding::Kind::Var && f->hasInClassInitializer() && f->getInClassInitializer())
          assign(it->second.id, Expr::resize(evalInt(f->getInClassInitializer()), it->second.width,
                                             f->getInClassInitializer()->getType()->isSignedIntegerOrEnumerationType()),
                 l);
      }
    };
    defaults(b, t);
    return;
  }
  if (const auto *il = dyn_cast<InitListExpr>(e)) {
    const auto *rd = t->getAsCXXRecordDecl();
    unsigned i = 0;
    for (const FieldDecl *f : rd->fields()) {
      auto it = b.fields->find(f);
      const clang::Expr *fi = i < il->getNumInits() ? il->getInit(i) : nullptr;
      ++i;
      if (it == b.fields->end()) { if (fi) eval(fi); continue; }
      if (it->second.kind == Binding::Kind::Var) assign(it->second.id, fi ? evalInt(fi) : Expr::constant(0, it->second.width), l);
      else if (it->second.kind == Binding::Kind::Struct) initStruct(it->second, f->getType(), fi, l);
      else if (fi) eval(fi);
    }
    return;
  }
  if (const auto *dr = dyn_cast<DeclRefExpr>(e))
    if (const Binding *src = lookup(dr->getDecl()); src && src->kind == Binding::Kind::Struct) {
      fill(b, src, nullptr, 0, t);
      return;
    }
  // A call of an inlined function that returns such a struct: its result's
  // fields.
  if (const auto *call = dyn_cast<CallExpr>(e); call && !e->isGLValue()) {
    const FunctionDecl *callee = call->getDirectCallee(), *def = nullptr;
    if (callee) callee->hasBody(def);
    lastStructResult.reset();
    eval(e);
    if (lastStructResult && def && lastStructResult->first == def &&
        ctx.hasSameUnqualifiedType(call->getType(), t)) {
      Binding src = lastStructResult->second;
      lastStructResult.reset();
      fill(b, &src, nullptr, 0, t);
      return;
    }
    lastStructResult.reset();
    havocAll();
    return;
  }
  if (e->isGLValue()) {
    Place p = lvalue(e);
    if (p.kind == Place::Kind::Mem) {
      memRead = emitAccess(p, m::AccessKind::Read, l);
      fill(b, nullptr, &p, 0, t);
      return;
    }
  } else {
    eval(e);
  }
  havocAll();
}

// A local array of integers (at most 64) or a struct of integers whose
// every use is an element or a field used as a value or assigned: nothing
// else (address, reference, call argument, inline PTX operand) can change
// it behind the variables that stand for it.
bool KernelBuilder::plainMethod(const CXXMethodDecl *md, int depth) {
  const FunctionDecl *def = nullptr;
  if (!md || md->isStatic() || md->isVirtual() || depth > 4 || !md->hasBody(def) || !def->getBody() ||
      sm.isInSystemHeader(def->getLocation()) || isa<CXXConstructorDecl>(md) || isa<CXXDestructorDecl>(md))
    return false;
  struct Thises : RecursiveASTVisitor<Thises> {
    std::vector<const CXXThisExpr *> found;
    bool VisitCXXThisExpr(CXXThisExpr *t) {
      found.push_back(t);
      return true;
    }
  } th;
  th.TraverseStmt(def->getBody());
  auto parentOf = [&](const clang::Stmt *x) -> const clang::Stmt * {
    auto ps = ctx.getParents(*x);
    return ps.empty() ? nullptr : ps[0].get<clang::Stmt>();
  };
  auto skipParens = [&](const clang::Stmt *x, const clang::Stmt *&child) {
    child = x;
    const clang::Stmt *p = parentOf(x);
    while (p && (isa<ParenExpr>(p) || (isa<ImplicitCastExpr>(p) && cast<ImplicitCastExpr>(p)->getCastKind() == CK_NoOp))) {
      child = p;
      p = parentOf(p);
    }
    return p;
  };
  for (const CXXThisExpr *t : th.found) {
    const clang::Stmt *child;
    const auto *me = dyn_cast_or_null<MemberExpr>(skipParens(t, child));
    if (!me || !me->isArrow()) return false;
    if (const auto *callee = dyn_cast<CXXMethodDecl>(me->getMemberDecl())) {
      const clang::Stmt *c2;
      const auto *mc = dyn_cast_or_null<CXXMemberCallExpr>(skipParens(me, c2));
      if (!mc || mc->getCallee()->IgnoreParens() != me || !plainMethod(callee, depth + 1)) return false;
      continue;
    }
    const auto *fd = dyn_cast<FieldDecl>(me->getMemberDecl());
    if (!fd || fd->isBitField() || !(isIntLike(fd->getType()) || fd->getType()->isPointerType())) return false;
    // A field used as a value, assigned, incremented.
    const clang::Stmt *c3;
    const clang::Stmt *p = skipParens(me, c3);
    if (const auto *ic = dyn_cast_or_null<ImplicitCastExpr>(p); ic && ic->getCastKind() == CK_LValueToRValue) continue;
    if (const auto *bo = dyn_cast_or_null<BinaryOperator>(p); bo && bo->isAssignmentOp() && bo->getLHS()->IgnoreParens() == c3)
      continue;
    if (const auto *uo = dyn_cast_or_null<UnaryOperator>(p); uo && uo->isIncrementDecrementOp()) continue;
    return false;
  }
  return true;
}

bool KernelBuilder::intStructNoPadding(QualType t, int depth) {
  if (isIntLike(t)) return intWidth(ctx, t) % 8 == 0 && intWidth(ctx, t) >= 8;
  const auto *rd = t->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition() || rd->isUnion() || rd->getNumBases() != 0 || rd->isDynamicClass() || !rd->isTriviallyCopyable() ||
      depth >= 3 || isGroupType(t) || sm.isInSystemHeader(rd->getLocation()))
    return false;
  uint64_t bytes = 0;
  for (const FieldDecl *f : rd->fields()) {
    if (f->isBitField() || !intStructNoPadding(f->getType(), depth + 1)) return false;
    bytes += ctx.getTypeSize(f->getType()) / 8;
  }
  return bytes > 0 && bytes == ctx.getTypeSize(t) / 8;
}

bool KernelBuilder::trivialIntStructAssign(const CXXOperatorCallExpr *oc) {
  const auto *md = dyn_cast_or_null<CXXMethodDecl>(oc->getDirectCallee());
  if (!md || oc->getOperator() != OO_Equal || oc->getNumArgs() != 2 || !md->isTrivial() ||
      !(md->isCopyAssignmentOperator() || md->isMoveAssignmentOperator()) ||
      !intStructNoPadding(oc->getArg(0)->getType().getUnqualifiedType(), 0))
    return false;
  auto ps = ctx.getParents(*oc);
  const clang::Stmt *p = ps.empty() ? nullptr : ps[0].get<clang::Stmt>();
  if (const auto *ewc = dyn_cast_or_null<ExprWithCleanups>(p)) {
    auto qs = ctx.getParents(*ewc);
    p = qs.empty() ? nullptr : qs[0].get<clang::Stmt>();
  }
  return p && !isa<clang::Expr>(p);
}

bool KernelBuilder::plainLocalAggregate(const VarDecl *v) {
  // (A `T&` parameter is checked for the struct its caller passes.)
  QualType t = isa<ParmVarDecl>(v) ? v->getType().getNonReferenceType() : v->getType();
  if (v->hasGlobalStorage() || v->isStaticLocal() || t.isVolatileQualified()) return false;
  bool isArray = false;
  if (const auto *at = ctx.getAsConstantArrayType(t)) {
    if ((!isIntLike(at->getElementType()) && !at->getElementType()->isPointerType()) ||
        at->getSize().getZExtValue() > 64 || at->getSize().getZExtValue() == 0)
      return false;
    isArray = true;
  } else {
    const auto *rd = t->getAsCXXRecordDecl();
    if (!rd || rd->isUnion() || rd->getNumBases() != 0 || !rd->isTriviallyCopyable() || isGroupType(t)) return false;
    if (sm.isInSystemHeader(rd->getLocation())) return false;
  }
  const auto *fn = dyn_cast_or_null<FunctionDecl>(v->getParentFunctionOrMethod());
  if (!fn || !fn->getBody()) return false;
  struct Uses : RecursiveASTVisitor<Uses> {
    const VarDecl *v;
    std::vector<const DeclRefExpr *> refs;
    bool VisitDeclRefExpr(DeclRefExpr *d) {
      if (d->getDecl() == v) refs.push_back(d);
      return true;
    }
  } uses;
  uses.v = v;
  uses.TraverseStmt(fn->getBody());
  auto parentOf = [&](const clang::Stmt *s) -> const clang::Stmt * {
    auto ps = ctx.getParents(*s);
    return ps.empty() ? nullptr : ps[0].get<clang::Stmt>();
  };
  // Up through parentheses and the given casts.
  auto up = [&](const clang::Stmt *s, const clang::Stmt *&child) {
    child = s;
    const clang::Stmt *p = parentOf(s);
    while (p) {
      const auto *ic = dyn_cast<ImplicitCastExpr>(p);
      if (!isa<ParenExpr>(p) && !(ic && ic->getCastKind() == CK_NoOp)) break;
      child = p;
      p = parentOf(p);
    }
    return p;
  };
  // A scalar lvalue (element or field) may be read, assigned, incremented.
  std::function<bool(const clang::Stmt *)> scalarUse = [&](const clang::Stmt *s) {
    const clang::Stmt *child;
    const clang::Stmt *p = up(s, child);
    if (!p) return false;
    if (const auto *ic = dyn_cast<ImplicitCastExpr>(p)) return ic->getCastKind() == CK_LValueToRValue;
    if (const auto *bo = dyn_cast<BinaryOperator>(p)) return bo->isAssignmentOp() && bo->getLHS()->IgnoreParens() == child;
    if (const auto *uo = dyn_cast<UnaryOperator>(p)) return uo->isIncrementDecrementOp();
    return false;
  };
  scalarOrStructFn = [&](const MemberExpr *me) {
    if (isIntLike(me->getType()) || me->getType()->isPointerType()) return scalarUse(me);
    if (!me->getType()->getAsCXXRecordDecl()) return false;
    const clang::Stmt *child;
    const auto *outer = dyn_cast_or_null<MemberExpr>(up(me, child));
    return outer && !outer->isArrow() && outer->getBase()->IgnoreParens() == child && scalarOrStruct(outer);
  };
  // Passed to an inlined user function whose parameter (a `T&`, or a `T`
  // copy) is itself used only field by field: the callee's parameter shares
  // the fields (or copies them).
  auto passedPlain = [&](const clang::Stmt *p, const clang::Stmt *child) {
    const auto *call = dyn_cast<CallExpr>(p);
    const FunctionDecl *callee = call ? call->getDirectCallee() : nullptr;
    if (!callee || !callee->getBody() || isa<CXXMethodDecl>(callee) || sm.isInSystemHeader(callee->getLocation()) ||
        aggregateDepth > 4)
      return false;
    for (unsigned i = 0; i < call->getNumArgs() && i < callee->getNumParams(); ++i) {
      if (call->getArg(i) != child) continue;
      const ParmVarDecl *pd = callee->getParamDecl(i);
      QualType pt = pd->getType();
      // A reference (const or not) aliases the caller's fields; a copy gets
      // its own.
      if (pt->isRValueReferenceType() || !ctx.hasSameUnqualifiedType(pt.getNonReferenceType(), t)) return false;
      auto saved = scalarOrStructFn;
      ++aggregateDepth;
      bool plain = plainLocalAggregate(pd);
      --aggregateDepth;
      scalarOrStructFn = saved;
      return plain;
    }
    return false;
  };
  bool ok = true;
  for (const DeclRefExpr *d : uses.refs) {
    const clang::Stmt *child;
    const clang::Stmt *p = up(d, child);
    if (!p) { ok = false; break; }
    if (passedPlain(p, child)) continue;
    if (isa<ReturnStmt>(p) && !isArray) continue;  // (as above, without a copy constructor)
    // The source of a trivial struct assignment (`s[0] = p`): its fields read.
    if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(p);
        oc && !isArray && oc->getNumArgs() == 2 && oc->getArg(1)->IgnoreParens() == child && trivialIntStructAssign(oc))
      continue;
    if (isArray) {
      const auto *ic = dyn_cast<ImplicitCastExpr>(p);
      if (ic && ic->getCastKind() == CK_ArrayToPointerDecay) {
        const clang::Stmt *c2;
        const clang::Stmt *q = up(ic, c2);
        const auto *as = q ? dyn_cast<ArraySubscriptExpr>(q) : nullptr;
        if (as && as->getBase()->IgnoreParens() == c2 && scalarUse(as)) continue;
      }
      if (isa<UnaryExprOrTypeTraitExpr>(p)) continue;  // sizeof
      ok = false;
      break;
    }
    if (const auto *me = dyn_cast<MemberExpr>(p); me && !me->isArrow() && scalarOrStruct(me)) continue;
    // `s.method(...)` of a method that only uses the fields.
    if (const auto *me = dyn_cast<MemberExpr>(p); me && !me->isArrow() && !isArray) {
      const clang::Stmt *c4;
      const auto *mc = dyn_cast_or_null<CXXMemberCallExpr>(up(me, c4));
      const auto *md = dyn_cast<CXXMethodDecl>(me->getMemberDecl());
      if (mc && md && mc->getCallee()->IgnoreParens() == me && plainMethod(md, 0)) continue;
    }
    if (const auto *ce = dyn_cast<CXXConstructExpr>(p); ce && ce->getConstructor()->isCopyOrMoveConstructor()) {
      // A copy into another local: as a variable's initializer, or as the
      // argument of a by-value parameter.
      auto ps = ctx.getParents(*ce);
      if (!ps.empty() && ps[0].get<VarDecl>()) continue;
      // `return s;`: a copy into the function's result (read field by field
      // where the result is a struct of integers: returnStmt).
      if (!ps.empty() && ps[0].get<clang::Stmt>() && isa<ReturnStmt>(ps[0].get<clang::Stmt>())) continue;
      const clang::Stmt *c3;
      const clang::Stmt *q = up(ce, c3);
      if (q && passedPlain(q, c3)) continue;
    }
    ok = false;
    break;
  }
  scalarOrStructFn = nullptr;
  return ok;
}


void KernelBuilder::declStmt(const DeclStmt *d) {
  for (const Decl *x : d->decls())
    if (const auto *v = dyn_cast<VarDecl>(x)) {
      if (const auto *dd = dyn_cast<DecompositionDecl>(v)) {
        // Structured bindings: by value, copies (the initializer's reads);
        // by reference, names for memory: not modelled.
        if (dd->getType()->isReferenceType())
          unknown(dd->getLocation(), "structured bindings by reference are not modelled");
        else if (dd->getInit())
          eval(dd->getInit());
        continue;
      }
      if (hasReferenceMember(v->getType()))
        unknown(v->getLocation(), "'" + v->getNameAsString() + "' is of a class with reference members; not modelled");
      varDecl(v);
      // Its destructor runs when it goes out of scope (not modelled).
      QualType vt = v->getType();
      while (const auto *at = dyn_cast<clang::ArrayType>(vt.getCanonicalType().getTypePtr())) vt = at->getElementType();
      if (v->hasLocalStorage() && !vt->isReferenceType() && !destructorIsNoop(recordOf(vt), sm))
        unknown(v->getLocation(), "the destructor of '" + v->getNameAsString() + "' (" +
                                      vt.getUnqualifiedType().getAsString() +
                                      ") runs when it goes out of scope; destructors are not modelled");
    }
}

// The comparisons with an enumerator that hold when `cond` is true (through
// &&): "in.op == LOAD" for `t == 0 && in.op == LOAD`.
std::string KernelBuilder::enumCases(const clang::Expr *cond) {
  const clang::Expr *e = cond->IgnoreParenImpCasts();
  const auto *b = dyn_cast<BinaryOperator>(e);
  if (!b) return "";
  if (b->getOpcode() == BO_LAnd) {
    std::string l = enumCases(b->getLHS()), r = enumCases(b->getRHS());
    return l.empty() ? r : r.empty() ? l : l + ", " + r;
  }
  if (b->getOpcode() != BO_EQ) return "";
  auto isEnumerator = [](const clang::Expr *x) {
    const auto *d = dyn_cast<DeclRefExpr>(x->IgnoreParenImpCasts());
    return d && isa<EnumConstantDecl>(d->getDecl());
  };
  return isEnumerator(b->getLHS()) || isEnumerator(b->getRHS()) ? text(b) : "";
}

// Every statement of `branch` lies under the cases `what` (outermost first).
void KernelBuilder::tagCases(Stmt &branch, const std::string &what) {
  if (what.empty()) return;
  model::forEachStmt(branch, [&](const Stmt &x) {
    Stmt &m = const_cast<Stmt &>(x);
    m.cases = m.cases.empty() ? what : what + ", " + m.cases;
  });
}

void KernelBuilder::ifStmt(const IfStmt *s) {
  if (s->getInit()) stmt(s->getInit());
  if (s->getConditionVariable()) varDecl(s->getConditionVariable());
  if (s->isConsteval()) {
    // if consteval: device code runs the non-consteval branch.
    if (s->getElse()) stmt(s->getElse());
    return;
  }
  if (s->isConstexpr()) {
    // Discarded branches are absent from the instantiation.
    clang::Expr::EvalResult r;
    if (s->getCond()->EvaluateAsInt(r, ctx)) {
      if (r.Val.getInt().getBoolValue()) stmt(s->getThen());
      else if (s->getElse()) stmt(s->getElse());
      return;
    }
  }
  ExprRef c = evalCond(s->getCond());
  auto node = Stmt::make(Stmt::Kind::If, loc(userLoc(s->getIfLoc())));
  node->cond = c;
  StmtRef saved = current;
  node->thenS = newBlock();
  current = node->thenS;
  stmt(s->getThen());
  tagCases(*node->thenS, enumCases(s->getCond()));
  if (s->getElse()) {
    node->elseS = newBlock();
    current = node->elseS;
    stmt(s->getElse());
  }
  current = saved;
  emit(node);
}

void KernelBuilder::loopStmt(const clang::Stmt *init, const clang::Expr *cond, const clang::Stmt *body,
                             const clang::Expr *inc, bool testFirst, SourceLocation l, const VarDecl *condVar) {
  // A spin on several locations, `while (ld(a) < s || ld(b) < s) {}`: one
  // await per disjunct, in order, when each side alone is a spin-wait. (The
  // loop exits after one pass whose loads all satisfy their conditions; with
  // conditions that stay true once they hold, that is the waits in sequence:
  // the checker accepts the split only for such waits.)
  if (!init && !inc && !condVar && cond && emptyBody(body)) {
    std::vector<const clang::Expr *> sides;
    std::function<void(const clang::Expr *)> split = [&](const clang::Expr *e) {
      e = e->IgnoreParenImpCasts();
      if (const auto *bo = dyn_cast<BinaryOperator>(e); bo && bo->getOpcode() == BO_LOr) {
        split(bo->getLHS());
        split(bo->getRHS());
      } else {
        sides.push_back(e);
      }
    };
    split(cond);
    if (sides.size() >= 2 && sides.size() <= 4) {
      StmtRef saved = current;
      size_t before = current->stmts.size();
      bool all = true;
      for (const clang::Expr *e : sides) {
        size_t n = current->stmts.size();
        loopStmt(nullptr, e, body, nullptr, testFirst, l, nullptr);
        // loopStmt emits one block: the await (and what the spin assigned) or the loop.
        const StmtRef &blk = current->stmts.back();
        bool isAwait = current->stmts.size() == n + 1 && blk->kind == Stmt::Kind::Block &&
                       std::any_of(blk->stmts.begin(), blk->stmts.end(),
                                   [](const StmtRef &x) { return x->kind == Stmt::Kind::Await; }) &&
                       !m::anyStmt(*blk, [](const Stmt &x) { return x.kind == Stmt::Kind::Loop; });
        if (!isAwait) { all = false; break; }
        for (const StmtRef &x : blk->stmts)
          if (x->kind == Stmt::Kind::Await) x->conjunct = true;
      }
      current = saved;
      if (all) return;
      current->stmts.resize(before);  // not a spin on several locations: the loop as written
    }
  }
  // { init; loop }  with the outer block labelled as the break target.
  StmtRef saved = current;
  auto outer = newBlock(loc(userLoc(l)));
  outer->label = k.nextLabel++;
  current = outer;
  if (init) stmt(init);
  // A test early in the body runs again after a null stored later in it.
  markPointersNullableIn(cond);
  markPointersNullableIn(body);
  markPointersNullableIn(inc);
  auto loop = Stmt::make(Stmt::Kind::Loop, loc(userLoc(l)));
  loop->testFirst = testFirst;
  loop->breakLabel = outer->label;
  // The condition is re-evaluated at each test; its side effects (loads in
  // the condition) are placed at the start of the body and after it.
  auto condBlock = newBlock();
  current = condBlock;
  if (condVar) varDecl(condVar);
  ExprRef c = cond ? evalCond(cond) : Expr::boolean(true);
  bool condHasEffects = !condBlock->stmts.empty();
  loop->cond = c;
  size_t outerBefore = outer->stmts.size();
  loop->body = newBlock(loc(userLoc(l)));
  loop->body->label = k.nextLabel++;
  loop->step = newBlock();
  loops.push_back({outer->label, loop->body->label});
  current = loop->body;
  stmt(body);
  loops.pop_back();
  current = loop->step;
  if (inc) evalDiscarded(inc);
  if (condHasEffects) {
    // Evaluate the condition's effects before each test: once before the
    // loop (for a test-first loop) and at the end of every iteration.
    for (auto &s : condBlock->stmts) loop->step->stmts.push_back(s);
    if (testFirst) {
      current = outer;
      for (auto &s : condBlock->stmts) outer->stmts.push_back(s);
    }
  }
  current = outer;
  // The warp collectives of a spin that becomes one wait: executed at least
  // once by each spinning lane, so one copy stays before the wait.
  auto keepCollectives = [&] {
    std::vector<StmtRef> keep;
    for (const StmtRef *part : {&loop->body, &loop->step})
      if (*part)
        m::forEachStmt(**part, [&](const Stmt &x) {
          if (x.kind == Stmt::Kind::Barrier && x.barrier == m::BarrierKind::WarpCollective)
            keep.push_back(std::make_shared<Stmt>(x));
        });
    for (auto &s : keep) emit(s);
  };
  if (StmtRef mw = mbarrierSpin(*loop)) {
    // The spin on try_wait becomes one blocking wait (at the loop).
    outer->stmts.resize(outerBefore);
    keepCollectives();
    mw->loc = loc(userLoc(l));
    emit(mw);
  } else if (StmtRef aw = spinAwait(*loop, l)) {
    // The spin loop becomes one await; drop the condition's effects that
    // were placed before the loop.
    outer->stmts.resize(outerBefore);
    keepCollectives();
    emit(aw);
    for (auto &post : spinPost) emit(post);
    spinPost.clear();
  } else {
    emit(loop);
  }
  current = saved;
  emit(outer);
}

// ------------------------------------------------------------------ mbarriers and bulk copies

static bool isCvtaToShared(const clang::Expr *e, const clang::Expr *&arg) {
  const auto *call = dyn_cast<CallExpr>(e->IgnoreParenCasts());
  if (!call || !call->getDirectCallee() || call->getNumArgs() != 1) return false;
  std::string n = call->getDirectCallee()->getNameAsString();
  if (n != "__cvta_generic_to_shared" && n != "__nvvm_ptr_gen_to_shared") return false;
  arg = call->getArg(0);
  return true;
}

bool KernelBuilder::neverModified(const VarDecl *v) {
  auto it = neverModifiedCache.find(v);
  if (it != neverModifiedCache.end()) return it->second;
  // Every use must be a read of its value (under an lvalue-to-rvalue
  // conversion): an assignment, `++`, `&v`, an asm output, a reference bound
  // to it or an argument passed by reference all count as modifying it.
  std::function<bool(const clang::Stmt *, bool)> onlyRead = [&](const clang::Stmt *s, bool read) {
    if (!s) return true;
    if (const auto *dr = dyn_cast<DeclRefExpr>(s)) return dr->getDecl() != v || read;
    bool childRead = false;
    if (const auto *ic = dyn_cast<ImplicitCastExpr>(s)) childRead = ic->getCastKind() == CK_LValueToRValue;
    if (isa<ParenExpr>(s)) childRead = read;
    for (const clang::Stmt *ch : s->children())
      if (!onlyRead(ch, childRead)) return false;
    return true;
  };
  const auto *fn = dyn_cast_or_null<FunctionDecl>(v->getParentFunctionOrMethod());
  bool ok = fn && fn->getBody() && !v->getType()->isReferenceType();
  return neverModifiedCache[v] = ok && onlyRead(fn->getBody(), false);
}

bool KernelBuilder::elementsOnlyRead(const VarDecl *v) {
  std::function<bool(const clang::Stmt *)> ok = [&](const clang::Stmt *s) {
    if (!s) return true;
    if (const auto *ic = dyn_cast<ImplicitCastExpr>(s); ic && ic->getCastKind() == CK_LValueToRValue)
      if (const auto *as = dyn_cast<ArraySubscriptExpr>(ic->getSubExpr()->IgnoreParens()))
        if (const auto *dr = dyn_cast<DeclRefExpr>(as->getBase()->IgnoreParenImpCasts()); dr && dr->getDecl() == v)
          return ok(as->getIdx());
    if (const auto *dr = dyn_cast<DeclRefExpr>(s)) return dr->getDecl() != v;
    for (const clang::Stmt *ch : s->children())
      if (!ok(ch)) return false;
    return true;
  };
  const auto *fn = dyn_cast_or_null<FunctionDecl>(v->getParentFunctionOrMethod());
  return fn && fn->getBody() && ok(fn->getBody());
}

// Every path returns a pointer into a shared-memory region, or none.
Value KernelBuilder::sharedAddress(const clang::Expr *orig) {
  const clang::Expr *e = orig->IgnoreParenCasts();
  const clang::Expr *arg = nullptr;
  if (isCvtaToShared(e, arg)) return sharedAddress(arg);
  if (const auto *b = dyn_cast<BinaryOperator>(e)) {
    if (b->getOpcode() == BO_Add && isIntLike(b->getType())) {
      Value base = sharedAddress(b->getLHS());
      if (base.kind == Value::Kind::Ptr) {
        unsigned w = intWidth(ctx, b->getType());
        if (w >= 64) {
          ExprRef add = Expr::resize(evalInt(b->getRHS()), 64, false);
          return Value::pointer(base.region, Expr::binary(Op::Add, base.off, add));
        }
        // A 32-bit window address wraps modulo 2^32 (`a + 0xFFFFFFFCu` is
        // a - 4): the offset is computed in the address's width.
        ExprRef sum = Expr::binary(Op::Add, Expr::resize(base.off, w, false), Expr::resize(evalInt(b->getRHS()), w, false));
        return Value::pointer(base.region, Expr::resize(sum, 64, false));
      }
      return Value::none();
    }
  }
  if (const auto *d = dyn_cast<DeclRefExpr>(e)) {
    if (const auto *v = dyn_cast<VarDecl>(d->getDecl())) {
      if (isIntLike(v->getType()) && v->getInit() && isCvtaToShared(v->getInit(), arg) && neverModified(v))
        return sharedAddress(arg);
    }
    // An integer parameter bound to a shared address (below, inlining).
    if (const Binding *b = lookup(d->getDecl()); b && b->kind == Binding::Kind::PtrVar && b->addr && b->region >= 0 &&
                                                 k.regions[b->region].space == m::AddressSpace::Shared)
      return Value::pointer(b->region, Expr::var(b->id, 64));
  }
  // A helper whose body is `return __cvta_generic_to_shared(param);`
  // (smem_addr(p)): the address of the argument.
  if (const auto *call = dyn_cast<CallExpr>(e)) {
    const FunctionDecl *fd = call->getDirectCallee();
    const FunctionDecl *def = nullptr;
    if (fd && fd->hasBody(def) && def && !isa<CXXMethodDecl>(def))
      if (const auto *body = dyn_cast_or_null<CompoundStmt>(def->getBody()); body && body->size() == 1)
        if (const auto *ret = dyn_cast<ReturnStmt>(body->body_front()); ret && ret->getRetValue() &&
                                                                        isCvtaToShared(ret->getRetValue()->IgnoreParenCasts(), arg))
          if (const auto *pd = dyn_cast<DeclRefExpr>(arg->IgnoreParenImpCasts()))
            for (unsigned i = 0; i < def->getNumParams() && i < call->getNumArgs(); ++i)
              if (def->getParamDecl(i) == pd->getDecl()) return sharedAddress(call->getArg(i));
  }
  if (orig->getType()->isPointerType()) {
    Value v = eval(orig);
    if (v.kind == Value::Kind::Ptr && v.region >= 0 && k.regions[v.region].space == m::AddressSpace::Shared) return v;
  }
  return Value::none();
}

StmtRef KernelBuilder::emitMbarrier(m::MbarOp op, const Value &obj, ExprRef operand, ExprRef tx, SourceLocation l,
                                    const std::string &what) {
  if (obj.kind != Value::Kind::Ptr || obj.region < 0) {
    unknown(l, "'" + what + "' on an mbarrier whose shared-memory address is not modelled");
    return nullptr;
  }
  auto s = Stmt::make(Stmt::Kind::Mbarrier, loc(userLoc(l)));
  s->mbarOp = op;
  s->region = obj.region;
  s->offset = obj.off;
  s->size = 8;
  s->operand = operand ? Expr::resize(operand, 32, false) : nullptr;
  s->txBytes = tx ? Expr::resize(tx, 32, false) : nullptr;
  s->text = what;
  s->scope = m::MemScope::CTA;
  // init/inval write the object; the other operations are atomic on it.
  s->access = op == m::MbarOp::Init || op == m::MbarOp::Inval ? m::AccessKind::Write : m::AccessKind::Atomic;
  s->order = op == m::MbarOp::Arrive ? m::MemOrder::Release
             : op == m::MbarOp::TryWait || op == m::MbarOp::Wait ? m::MemOrder::Acquire
                                                                 : m::MemOrder::Plain;
  emit(s);
  return s;
}

// A bulk transfer between shared memory (`sh`) and global memory (`gl`), done
// by the async proxy. A copy (store false) reads `gl` at the issue and writes
// `sh` until the phase of `mbar` it signals completes; a store (store true)
// reads `sh` until the issuing thread's wait_group.read covers it and writes
// `gl` (an "async" write the checker does not order).
void KernelBuilder::emitBulkTransfer(bool store, const Value &sh, const Value &gl, ExprRef bytes, const Value &mbar,
                                     SourceLocation l, const std::string &what, const std::string &shText,
                                     const std::string &glText, bool groupCompleted) {
  // A copy into shared memory that completes on an mbarrier may have a size
  // that is not a constant (an attention chunk of `n * 128` bytes): emitted
  // with the expression; the concrete prover evaluates it, the symbolic
  // checks treat the statement as not modelled (checker::symbolicView).
  if (gl.alts) {  // a source (or destination) in one of several buffers: one copy per buffer
    forEachAlt(gl, l, [&](const Value &one) {
      emitBulkTransfer(store, sh, one, bytes, mbar, l, what, shText, glText, groupCompleted);
    });
    return;
  }
  const bool sizeExpr = bytes && !bytes->isConst() && !store && !groupCompleted;
  if (sh.kind != Value::Kind::Ptr || sh.region < 0 || gl.kind != Value::Kind::Ptr || gl.region < 0 || !bytes ||
      (!bytes->isConst() && !sizeExpr) || k.regions[sh.region].space != m::AddressSpace::Shared ||
      k.regions[gl.region].space != m::AddressSpace::Global ||
      (!store && !groupCompleted && (mbar.kind != Value::Kind::Ptr || mbar.region < 0))) {
    unknown(l, std::string(store ? "bulk store '" : "bulk copy '") + what +
                   "' with a source, destination, size or mbarrier that is not modelled");
    return;
  }
  if (sizeExpr) {
    auto c = Stmt::make(Stmt::Kind::AsyncCopy, loc(userLoc(l)));
    c->region = sh.region;
    c->offset = sh.off;
    c->operand = Expr::resize(bytes, 32, false);
    c->size = 0;  // not a constant: `operand`
    c->srcRegion = gl.region;
    c->srcOffset = gl.off;
    c->mbarRegion = mbar.region;
    c->mbarOffset = mbar.off;
    c->access = m::AccessKind::Write;
    c->text = shText;
    c->atomicOp = what;
    emit(c);
    return;
  }
  if (groupCompleted && !store && what.rfind("cp.async.c", 0) == 0) {
    // Ampere cp.async.ca / .cg: 4, 8 or 16 bytes (PTX ISA: cp.async).
    if (bytes->value != 4 && bytes->value != 8 && bytes->value != 16) {
      unknown(l, "cp.async '" + what + "' of " + std::to_string(bytes->value) +
                     " bytes: cp.async copies 4, 8 or 16 bytes (otherwise the behaviour is undefined)");
      return;
    }
  } else if (bytes->value % 16 != 0) {
    // PTX ISA (cp.async.bulk): the size is a multiple of 16 bytes.
    unknown(l, std::string(store ? "bulk store '" : "bulk copy '") + what + "' of " + std::to_string(bytes->value) +
                   " bytes: the size of a bulk copy must be a multiple of 16 (otherwise the behaviour is undefined)");
    return;
  }
  Place gp;
  gp.kind = Place::Kind::Mem;
  gp.region = gl.region;
  gp.off = gl.off;
  gp.size = (unsigned)bytes->value;
  gp.text = glText;
  StmtRef g = emitAccess(gp, store ? m::AccessKind::Write : m::AccessKind::Read, l, what);
  if (g) g->updateKind = store ? "async" : "async-read";
  auto s = Stmt::make(Stmt::Kind::AsyncCopy, loc(userLoc(l)));
  s->region = sh.region;
  s->offset = sh.off;
  s->operand = Expr::resize(bytes, 32, false);
  s->size = (unsigned)bytes->value;
  s->srcRegion = gl.region;
  s->srcOffset = gl.off;
  if (!store && !groupCompleted) {
    s->mbarRegion = mbar.region;
    s->mbarOffset = mbar.off;
  }
  s->access = store ? m::AccessKind::Read : m::AccessKind::Write;
  s->text = shText;
  s->atomicOp = what;
  emit(s);
}

// ------------------------------------------------------------------ spin-waits

// A branch that only assigns locals and then aborts the kernel (`__trap()`,
// a failed assert: Assume(false)).
static bool abortsOnly(const StmtRef &s, bool &aborted) {
  if (!s) return true;
  if (aborted) return false;  // (nothing runs after the abort)
  if (s->kind == Stmt::Kind::Block) {
    for (auto &c : s->stmts)
      if (!abortsOnly(c, aborted)) return false;
    return true;
  }
  if (s->kind == Stmt::Kind::Assign) return true;
  if ((s->kind == Stmt::Kind::Assume && s->cond && s->cond->isConst() && s->cond->value == 0) ||
      (s->kind == Stmt::Kind::Exit && s->text == "abort")) {
    aborted = true;
    return true;
  }
  return false;
}

static bool isEmptyStmt(const StmtRef &s) {
  if (!s) return true;
  if (s->kind != Stmt::Kind::Block) return false;
  for (auto &c : s->stmts)
    if (!isEmptyStmt(c)) return false;
  return true;
}

// The effects of one iteration of a spin loop, in order. Besides
// assignments, the loads and try_waits, it may hold the `return` of an
// inlined helper at the end of the helper's block (it falls through), and a
// watchdog: `if (++spins == N) { printf(...); __trap(); }` aborts the kernel,
// so the loop goes on only while it does not fire, and the code after the
// loop runs only when the loop's own exit condition held (timeouts ignored,
// as for an await).
static void flattenSpin(const StmtRef &s, std::vector<StmtRef> &out, bool &ok) {
  if (!s) return;
  if (s->kind == Stmt::Kind::Block) {
    for (size_t i = 0; i < s->stmts.size(); ++i) {
      const StmtRef &c = s->stmts[i];
      if (c->kind == Stmt::Kind::Exit && s->label >= 0 && c->label == s->label && i + 1 == s->stmts.size()) continue;
      flattenSpin(c, out, ok);
    }
    return;
  }
  if (s->kind == Stmt::Kind::Assign || s->kind == Stmt::Kind::Access) { out.push_back(s); return; }
  if (s->kind == Stmt::Kind::Mbarrier && s->mbarOp == m::MbarOp::TryWait) { out.push_back(s); return; }
  // A warp collective in the spin (`__all_sync(mask, try_wait(...))`): the
  // caller keeps one copy before the wait (its mask is still checked).
  if (s->kind == Stmt::Kind::Barrier && s->barrier == m::BarrierKind::WarpCollective) return;
  if (s->kind == Stmt::Kind::If) {
    bool abortThen = false, abortElse = false;
    if ((abortsOnly(s->thenS, abortThen) && abortThen && isEmptyStmt(s->elseS)) ||
        (abortsOnly(s->elseS, abortElse) && abortElse && isEmptyStmt(s->thenS)))
      return;  // (what the branch assigns never reaches another iteration)
  }
  ok = false;
}

static ExprRef substSpin(const ExprRef &e, const std::map<int, ExprRef> &env, int havocId, ExprRef havocTo) {
  if (!e) return e;
  if (e->kind == Expr::Kind::Var) {
    auto it = env.find(e->id);
    return it != env.end() ? it->second : e;
  }
  if (e->kind == Expr::Kind::Havoc && e->id == havocId && havocTo) return Expr::resize(havocTo, e->width, false);
  if (e->args.empty()) return e;
  auto n = std::make_shared<Expr>(*e);
  for (auto &a : n->args) a = substSpin(a, env, havocId, havocTo);
  return n;
}

static void spinSymbols(const ExprRef &e, const std::set<int> &loopVars, int havocId, int resultVar, bool &loopVar,
                        bool &otherHavoc, bool &mentionsValue);

// while (!try_wait(bar, parity)) {} / while (!done) asm("try_wait ... selp"):
// a loop whose only effect is one mbarrier try_wait and which exits exactly
// when it succeeds: a blocking wait.
static StmtRef mbarrierSpin(const Stmt &loop) {
  std::vector<StmtRef> flat;
  bool ok = true;
  flattenSpin(loop.body, flat, ok);
  flattenSpin(loop.step, flat, ok);
  if (!ok || !loop.cond) return nullptr;
  StmtRef wait;
  std::map<int, ExprRef> env, beforeWait;
  std::set<int> loopVars;
  for (auto &x : flat) {
    if (x->kind == Stmt::Kind::Access) return nullptr;
    if (x->kind == Stmt::Kind::Mbarrier) {
      if (wait) return nullptr;
      wait = x;
      beforeWait = env;
    } else {
      env[x->var] = substSpin(x->value, env, -1, nullptr);
      loopVars.insert(x->var);
    }
  }
  if (!wait || wait->resultVar < 0) return nullptr;
  // The wait's operands as the iteration computes them before it (an
  // inlined helper's parameters, `bar = bar'`, are assigned anew in each
  // iteration): they must not change from one iteration to the next.
  ExprRef offset = substSpin(wait->offset, beforeWait, -1, nullptr),
          parity = substSpin(wait->operand, beforeWait, -1, nullptr);
  bool lvar = false, oh = false, mv = false;
  spinSymbols(offset, loopVars, -1, -1, lvar, oh, mv);
  spinSymbols(parity, loopVars, -1, -1, lvar, oh, mv);
  if (lvar) return nullptr;
  ExprRef cont = substSpin(loop.cond, env, -1, nullptr);
  auto c0 = m::evalConst(*cont, {{wait->resultVar, 0}}, {}),
       c1 = m::evalConst(*cont, {{wait->resultVar, 1}}, {});
  if (!c0 || !c1 || *c0 == 0 || *c1 != 0) return nullptr;
  auto w = std::make_shared<Stmt>(*wait);
  w->offset = offset;
  w->operand = parity;
  w->mbarOp = m::MbarOp::Wait;
  w->loc = wait->loc;
  return w;
}


// Free symbols: loop-assigned variables mentioned, havocs other than `havocId`,
// and whether `var`/`havocId` occurs.
static void spinSymbols(const ExprRef &e, const std::set<int> &loopVars, int havocId, int resultVar, bool &loopVar,
                        bool &otherHavoc, bool &mentionsValue) {
  if (!e) return;
  if (e->kind == Expr::Kind::Var) {
    if (e->id == resultVar) mentionsValue = true;
    else if (loopVars.count(e->id)) loopVar = true;
  }
  if (e->kind == Expr::Kind::Havoc) {
    if (e->id == havocId) mentionsValue = true;
    else otherHavoc = true;
  }
  for (auto &a : e->args) spinSymbols(a, loopVars, havocId, resultVar, loopVar, otherHavoc, mentionsValue);
}

// while (LOAD(x) cmp T) { __nanosleep(...); }  /  do { v = LOAD(x); } while (v cmp T);
// with one load, assignments to locals and nothing else (backoff counters
// included): an await of `x` until the negated condition holds. Loops with
// a timeout (a loop-variant condition) stay loops.
StmtRef KernelBuilder::spinAwait(const Stmt &loop, SourceLocation l) {
  std::vector<StmtRef> flat;
  bool ok = true;
  flattenSpin(loop.body, flat, ok);
  flattenSpin(loop.step, flat, ok);
  if (!ok) return nullptr;
  StmtRef acc;
  std::set<int> loopVars;
  for (auto &x : flat) {
    if (x->kind == Stmt::Kind::Access) {
      if (acc) return nullptr;
      acc = x;
    } else {
      loopVars.insert(x->var);
    }
  }
  if (!acc || acc->region < 0) return nullptr;
  m::AddressSpace space = k.regions[acc->region].space;
  if (space != m::AddressSpace::Global && space != m::AddressSpace::Shared) return nullptr;
  bool loadLike = acc->access == m::AccessKind::Read || m::leavesLocationAsItIs(*acc);
  if (!loadLike) return nullptr;
  int havocId = -1;
  auto lv = loadValue.find(acc.get());
  if (lv != loadValue.end()) havocId = lv->second;
  if (havocId < 0 && acc->resultVar < 0) return nullptr;
  // The offset must not change from one iteration to the next: after the
  // iteration's assignments before the load (an inlined helper's parameter,
  // `p = counters`, is assigned anew each time), it must not read what the
  // loop assigns.
  ExprRef accOffset = acc->offset;
  {
    std::map<int, ExprRef> before;
    for (auto &x : flat) {
      if (x == acc) break;
      if (x->kind == Stmt::Kind::Assign) before[x->var] = substSpin(x->value, before, -1, nullptr);
    }
    accOffset = substSpin(acc->offset, before, -1, nullptr);
    bool lvar = false, oh = false, mv = false;
    spinSymbols(accOffset, loopVars, -1, -1, lvar, oh, mv);
    if (lvar) return nullptr;
  }
  // Symbolic execution of one iteration (body, then step with the
  // condition's effects), from an arbitrary loop-head state.
  std::set<int> bodyVars;
  {
    std::vector<StmtRef> bflat;
    bool bok = true;
    flattenSpin(loop.body, bflat, bok);
    for (auto &x : bflat)
      if (x->kind == Stmt::Kind::Assign) bodyVars.insert(x->var);
  }
  std::map<int, ExprRef> env;
  for (auto &x : flat)
    if (x->kind == Stmt::Kind::Assign) env[x->var] = substSpin(x->value, env, -1, nullptr);
  int resultVar = acc->resultVar;
  if (resultVar < 0) resultVar = newVar("await.value", 8 * std::min(acc->size, 8u), false, l);
  unsigned vw = k.vars[resultVar].width;
  ExprRef valueVar = Expr::var(resultVar, vw);
  ExprRef cont = substSpin(loop.cond, env, havocId, valueVar);
  ExprRef exitCond = Expr::unary(Op::LNot, Expr::truth(cont), 1);
  bool lvar = false, oh = false, mv = false;
  spinSymbols(exitCond, loopVars, havocId, resultVar, lvar, oh, mv);
  if (lvar || oh || !mv) return nullptr;

  // A spin on shared memory: the waits between blocks (memory-model.md) do
  // not cover waits on another thread of the same block; the loop stays
  // (model/polling.h reports it).
  if (space == m::AddressSpace::Shared) return nullptr;
  auto aw = Stmt::make(Stmt::Kind::Await, loc(userLoc(l)));
  aw->region = acc->region;
  aw->offset = accOffset;
  aw->size = acc->size;
  aw->order = acc->order;
  aw->scope = acc->scope;
  aw->isVolatile = acc->isVolatile;
  aw->text = acc->text;
  aw->atomicOp = acc->atomicOp;
  aw->resultVar = resultVar;
  aw->cond = exitCond;
  // value cmp target, when the exit condition has that shape.
  {
    ExprRef e = exitCond;
    bool neg = false;
    while (e->kind == Expr::Kind::Unary && e->op == Op::LNot) { neg = !neg; e = e->args[0]; }
    auto isValue = [&](const ExprRef &x) {
      ExprRef y = x;
      while (y->kind == Expr::Kind::Unary && (y->op == Op::ZExt || y->op == Op::Trunc || y->op == Op::SExt)) y = y->args[0];
      return y->kind == Expr::Kind::Var && y->id == resultVar;
    };
    static const std::map<Op, Op> inverse = {{Op::Eq, Op::Ne}, {Op::Ne, Op::Eq}, {Op::ULt, Op::UGe}, {Op::UGe, Op::ULt},
                                             {Op::ULe, Op::UGt}, {Op::UGt, Op::ULe}, {Op::SLt, Op::SGe}, {Op::SGe, Op::SLt},
                                             {Op::SLe, Op::SGt}, {Op::SGt, Op::SLe}};
    static const std::map<Op, Op> mirror = {{Op::Eq, Op::Eq}, {Op::Ne, Op::Ne}, {Op::ULt, Op::UGt}, {Op::UGt, Op::ULt},
                                            {Op::ULe, Op::UGe}, {Op::UGe, Op::ULe}, {Op::SLt, Op::SGt}, {Op::SGt, Op::SLt},
                                            {Op::SLe, Op::SGe}, {Op::SGe, Op::SLe}};
    if (e->kind == Expr::Kind::Binary && inverse.count(e->op)) {
      Op op = neg ? inverse.at(e->op) : e->op;
      bool lvar2 = false, oh2 = false, mv2 = false;
      if (isValue(e->args[0])) {
        spinSymbols(e->args[1], loopVars, havocId, resultVar, lvar2, oh2, mv2);
        if (!mv2) { aw->awaitCmp = op; aw->target = e->args[1]; }
      } else if (isValue(e->args[1])) {
        spinSymbols(e->args[0], loopVars, havocId, resultVar, lvar2, oh2, mv2);
        if (!mv2) { aw->awaitCmp = mirror.at(op); aw->target = e->args[0]; }
      }
    }
  }
  // Locals the loop assigned: their value at exit, where it is a function of
  // the value read; otherwise arbitrary.
  for (int v : loopVars) {
    auto post = Stmt::make(Stmt::Kind::Assign, loc(userLoc(l)));
    post->var = v;
    ExprRef e = substSpin(env[v], {}, havocId, valueVar);
    bool lvar3 = false, oh3 = false, mv3 = false;
    spinSymbols(e, loopVars, havocId, resultVar, lvar3, oh3, mv3);
    if (lvar3 || (loop.testFirst && bodyVars.count(v))) e = havoc(k.vars[v].width, "value after a spin-wait");
    post->value = e;
    spinPost.push_back(post);
  }
  return aw;
}

void KernelBuilder::switchStmt(const SwitchStmt *s) {
  if (s->getInit()) stmt(s->getInit());
  if (s->getConditionVariable()) varDecl(s->getConditionVariable());
  ExprRef x = evalInt(s->getCond());
  int xv = newVar("switch", x->width, false, s->getSwitchLoc());
  assign(xv, x, s->getSwitchLoc());
  ExprRef xe = Expr::var(xv, x->width);
  // Case values.
  std::vector<uint64_t> values;
  for (const SwitchCase *sc = s->getSwitchCaseList(); sc; sc = sc->getNextSwitchCase())
    if (const auto *cs = dyn_cast<CaseStmt>(sc)) {
      clang::Expr::EvalResult r;
      if (cs->getRHS() || !cs->getLHS()->EvaluateAsInt(r, ctx)) {
        unknown(cs->getBeginLoc(), "case ranges are not modelled");
        return;
      }
      values.push_back(r.Val.getInt().getZExtValue());
    }
  StmtRef saved = current;
  auto outer = newBlock(loc(userLoc(s->getSwitchLoc())));
  outer->label = k.nextLabel++;
  current = outer;
  int fall = newVar("switch.taken", 1, false, s->getSwitchLoc());
  assign(fall, Expr::boolean(false), s->getSwitchLoc());
  loops.push_back({outer->label, loops.empty() ? -1 : loops.back().continueLabel});
  const auto *body = dyn_cast<CompoundStmt>(s->getBody());
  if (!body) {
    loops.pop_back();
    current = saved;
    unknown(s->getBeginLoc(), "switch without a compound body is not modelled");
    return;
  }
  StmtRef guarded;  // the If collecting statements of the current case
  // The enumerator case the current If holds ("in.op == MATVEC"), when no
  // earlier case falls through into it.
  std::string caseText;
  auto tagCase = [&] {
    if (guarded) tagCases(*guarded, caseText);
    caseText.clear();
  };
  bool fallsInto = false;  // the statements so far can run on into the next case
  auto startCase = [&](ExprRef match) {
    tagCase();
    ExprRef taken = Expr::binary(Op::LOr, Expr::var(fall, 1), match);
    current = outer;
    assign(fall, taken, s->getSwitchLoc());
    auto node = Stmt::make(Stmt::Kind::If, loc(userLoc(s->getSwitchLoc())));
    node->cond = Expr::var(fall, 1);
    node->thenS = newBlock();
    outer->stmts.push_back(node);
    guarded = node->thenS;
    current = guarded;
  };
  for (const clang::Stmt *child : body->body()) {
    const clang::Stmt *st = child;
    while (true) {
      if (const auto *cs = dyn_cast<CaseStmt>(st)) {
        clang::Expr::EvalResult r;
        cs->getLHS()->EvaluateAsInt(r, ctx);
        bool fell = guarded && fallsInto;
        startCase(Expr::binary(Op::Eq, xe, Expr::constant(r.Val.getInt().getZExtValue(), x->width)));
        const auto *d = dyn_cast<DeclRefExpr>(cs->getLHS()->IgnoreParenImpCasts());
        if (!fell && d && isa<EnumConstantDecl>(d->getDecl()))
          caseText = text(s->getCond()) + " == " + d->getDecl()->getNameAsString();
        fallsInto = true;
        st = cs->getSubStmt();
        continue;
      }
      if (const auto *ds = dyn_cast<DefaultStmt>(st)) {
        ExprRef none = Expr::boolean(true);
        for (uint64_t v : values)
          none = Expr::binary(Op::LAnd, none, Expr::binary(Op::Ne, xe, Expr::constant(v, x->width)));
        startCase(none);
        fallsInto = true;
        st = ds->getSubStmt();
        continue;
      }
      break;
    }
    if (!guarded) {
      // Statements before the first case are unreachable.
      continue;
    }
    stmt(st);
    std::function<bool(const clang::Stmt *)> ends = [&](const clang::Stmt *x) {
      if (isa<BreakStmt>(x) || isa<ReturnStmt>(x) || isa<ContinueStmt>(x)) return true;
      const auto *cs = dyn_cast<CompoundStmt>(x);
      return cs && !cs->body_empty() && ends(cs->body_back());
    };
    fallsInto = !ends(st);
  }
  tagCase();
  loops.pop_back();
  current = saved;
  emit(outer);
}

// The qualifiers of a PTX opcode after its base name: "ld.acquire.gpu.u32"
// -> {acquire, gpu, u32}.
static std::vector<std::string> ptxQualifiers(const std::string &opcode) {
  std::vector<std::string> q;
  size_t dot = opcode.find('.');
  std::string part;
  for (char ch : dot == std::string::npos ? std::string() : opcode.substr(dot)) {
    if (ch == '.') { if (!part.empty()) q.push_back(part); part.clear(); } else part += ch;
  }
  if (!part.empty()) q.push_back(part);
  return q;
}

// A PTX scope qualifier (.cta, .cluster, .gpu, .sys).
static bool ptxScope(const std::string &x, m::MemScope &scope) {
  if (x == "cta") scope = m::MemScope::CTA;
  else if (x == "cluster") scope = m::MemScope::Cluster;
  else if (x == "gpu") scope = m::MemScope::GPU;
  else if (x == "sys") scope = m::MemScope::System;
  else return false;
  return true;
}

// Inline PTX: barriers are modelled; harmless register-only instructions
// give arbitrary outputs; anything else is Unknown.
// PTX operands: split on commas outside brackets, trimmed.
static std::vector<std::string> ptxOperands(const std::string &rest) {
  std::vector<std::string> ops;
  std::string o;
  int depth = 0;
  for (char ch : rest) {
    if (ch == '[' || ch == '{') depth++;
    if (ch == ']' || ch == '}') depth--;
    if (ch == ',' && depth == 0) { ops.push_back(o); o.clear(); } else o += ch;
  }
  if (!o.empty()) ops.push_back(o);
  for (auto &x : ops) {
    while (!x.empty() && isspace((unsigned char)x.front())) x.erase(x.begin());
    while (!x.empty() && isspace((unsigned char)x.back())) x.pop_back();
  }
  return ops;
}

void KernelBuilder::asmStmt(const GCCAsmStmt *a) {
  SourceLocation l = a->getAsmLoc();
  std::string code = a->getAsmString();
  auto operand = [&](const std::string &tok) -> ExprRef {
    std::string t = tok;
    while (!t.empty() && (t.back() == ' ' || t.back() == ';' || t.back() == ',')) t.pop_back();
    while (!t.empty() && t.front() == ' ') t.erase(t.begin());
    if (t.size() > 1 && t[0] == '%' && isdigit((unsigned char)t[1])) {
      unsigned idx = (unsigned)std::stoul(t.substr(1));
      unsigned nout = a->getNumOutputs();
      if (idx >= nout && idx - nout < a->getNumInputs()) return evalInt(a->getInputExpr(idx - nout));
      return nullptr;
    }
    char *end = nullptr;
    unsigned long long v = strtoull(t.c_str(), &end, 0);
    if (end && *end == 0 && !t.empty()) return Expr::constant(v, 32);
    return nullptr;
  };
  // An address operand ("[%N]" / "[%N+imm]") that is a shared-window
  // address or a pointer; `txt` its source text.
  auto addressValue = [&](const std::string &op, std::string &txt) -> Value {
    std::optional<std::pair<unsigned, uint64_t>> at = asmAddress(op);
    unsigned nout = a->getNumOutputs();
    if (!at || at->first < nout || at->first - nout >= a->getNumInputs()) return Value::none();
    const clang::Expr *e = a->getInputExpr(at->first - nout);
    uint64_t imm = at->second;
    txt = text(e) + (imm ? " + " + std::to_string(imm) + " bytes" : "");
    Value v = sharedAddress(e);
    if (v.kind != Value::Kind::Ptr && e->getType()->isPointerType()) v = eval(e);
    if (v.kind != Value::Kind::Ptr) return Value::none();
    if (imm) v.off = Expr::binary(Op::Add, v.off, Expr::constant(imm, 64));
    return v;
  };
  // Split into instructions.
  std::vector<std::string> insns;
  std::string cur;
  for (char ch : code) {
    if (ch == ';' || ch == '\n') {
      insns.push_back(cur);
      cur.clear();
    } else {
      cur += ch;
    }
  }
  insns.push_back(cur);
  for (std::string &ins : insns) {  // trimmed once: the scans below compare from the first character
    while (!ins.empty() && isspace((unsigned char)ins.front())) ins.erase(ins.begin());
    while (!ins.empty() && isspace((unsigned char)ins.back())) ins.pop_back();
  }
  bool modelled = true;
  std::string unmodelled;
  std::map<unsigned, ExprRef> asmOutputs;  // values of outputs written by modelled loads
  struct WaitPred {
    StmtRef tryWait;  // the try_wait that sets the predicate
    size_t at;        // its index in insns
  };
  std::map<std::string, WaitPred> waitPreds;  // predicate register -> the try_wait that sets it
  std::map<std::string, ExprRef> preds;      // predicate register -> its value (setp on modelled operands)
  bool branchWait = false;                   // a try_wait loop inside the asm (blocking wait)
  static const std::set<std::string> harmless = {
      "mov", "add", "sub", "mul", "mad", "cvt", "shf", "prmt", "lop3", "and", "or", "xor", "not", "shl",
      "shr", "min", "max", "setp", "selp", "bfe", "bfi", "popc", "clz", "brev", "fma", "ex2", "lg2", "rcp",
      "sqrt", "rsqrt", "tanh", "sin", "cos", "abs", "neg", "div", "rem", "cvta", "mul24", "mad24", "sad",
      "testp", "copysign", "set", "slct", "fns", "dp4a", "dp2a", "cnot", "bfind", "{", "}", "", ".reg",
      "nanosleep", "pmevent"};
  // Where each label stands (a line of its own, "LAB:"): a try_wait loop needs a branch back to one
  // before its try_wait.
  std::map<std::string, size_t> labelAt;
  for (size_t i = 0; i < insns.size(); ++i) {
    std::string t = insns[i];
    while (!t.empty() && (isspace((unsigned char)t.front()) || t.front() == '{' || t.front() == '}')) t.erase(t.begin());
    if (t.size() > 1 && t.back() == ':' && t.find_first_of(" \t") == std::string::npos) labelAt[t.substr(0, t.size() - 1)] = i;
  }
  for (size_t insIndex = 0; insIndex < insns.size(); ++insIndex) {
    std::string ins = insns[insIndex];
    if (ins.empty() || ins[0] == '{' || ins[0] == '}' || ins.rfind("//", 0) == 0) {
      if (ins.size() > 1 && (ins[0] == '{' || ins[0] == '}')) ins = ins.substr(1);
      else continue;
      while (!ins.empty() && isspace((unsigned char)ins.front())) ins.erase(ins.begin());
      if (ins.empty()) continue;
    }
    // "@p ins" / "@!p ins" with p set by a setp on modelled operands: the
    // instruction inside an If (other predicated instructions, "@p bra",
    // are handled below or not modelled).
    StmtRef predIf, predSaved;
    if (ins[0] == '@') {
      size_t sp = ins.find_first_of(" \t");
      std::string pred = ins.substr(1, sp == std::string::npos ? std::string::npos : sp - 1);
      bool neg = !pred.empty() && pred[0] == '!';
      if (neg) pred = pred.substr(1);
      auto pit = preds.find(pred);
      if (pit != preds.end() && sp != std::string::npos && ins.find(" bra") == std::string::npos) {
        predIf = Stmt::make(Stmt::Kind::If, loc(userLoc(l)));
        predIf->cond = neg ? Expr::unary(Op::LNot, pit->second, 1) : pit->second;
        predIf->thenS = newBlock();
        predSaved = current;
        current = predIf->thenS;
        ins = ins.substr(sp + 1);
        while (!ins.empty() && isspace((unsigned char)ins.front())) ins.erase(ins.begin());
      }
    }
    struct EmitPredIf {
      KernelBuilder *kb;
      StmtRef &node, &saved;
      ~EmitPredIf() {
        if (!node) return;
        kb->current = saved;
        kb->emit(node);
      }
    } emitPredIf{this, predIf, predSaved};
    std::string opcode = ins.substr(0, ins.find_first_of(" \t"));
    std::string rest = ins.size() > opcode.size() ? ins.substr(opcode.size()) : "";
    std::string base = opcode.substr(0, opcode.find('.'));
    // Any instruction may write a predicate through its first operand
    // (and.pred, or.pred, not.pred, mov.pred, a try_wait, a predicated setp,
    // "p|q"): the value recorded for it no longer holds. An unpredicated setp
    // on modelled operands records it again below.
    // The same for a try_wait's predicate (`not.pred p, p` or `vote.sync.any.pred p, p` after the
    // try_wait: p is no longer its result) and for an output register a modelled load or a selp gave
    // a value (`mov.u32 %0, 1` after the selp). Registers inside an address ("[%1]") are read.
    {
      std::string body = ins;
      if (!body.empty() && body[0] == '@') {  // "@q op d, ...": a guarded write still may write d
        size_t sp = body.find_first_of(" \t");
        body = sp == std::string::npos ? "" : body.substr(sp + 1);
        while (!body.empty() && isspace((unsigned char)body.front())) body.erase(body.begin());
      }
      std::string bodyOp = body.substr(0, body.find_first_of(" \t"));
      std::vector<std::string> dst = ptxOperands(body.size() > bodyOp.size() ? body.substr(bodyOp.size()) : "");
      if (!dst.empty() && !dst[0].empty() && dst[0][0] != '[') {
        for (size_t from = 0, bar; from <= dst[0].size(); from = bar + 1) {
          bar = dst[0].find('|', from);
          if (bar == std::string::npos) bar = dst[0].size();
          std::string r = dst[0].substr(from, bar - from);
          preds.erase(r);
          waitPreds.erase(r);
        }
        for (size_t at = dst[0].find('%'); at != std::string::npos; at = dst[0].find('%', at + 1))
          if (at + 1 < dst[0].size() && isdigit((unsigned char)dst[0][at + 1]))
            asmOutputs.erase((unsigned)std::stoul(dst[0].substr(at + 1)));
      }
    }
    if ((base == "shfl" || base == "vote" || base == "match" || base == "redux") &&
        opcode.find(".sync") != std::string::npos) {
      // shfl.sync / vote.sync / match.sync / redux.sync ..., membermask (the
      // last operand): a warp collective (its results are arbitrary values,
      // like every output of the asm that no modelled load writes).
      std::vector<std::string> ops = ptxOperands(rest);
      ExprRef mask = ops.empty() ? nullptr : operand(ops.back());
      if (!mask) {
        modelled = false;
        unmodelled = opcode + " with a mask that is not modelled";
        continue;
      }
      emitWarpBarrier(l, mask, opcode, m::BarrierKind::WarpCollective);
      continue;
    }
    if (base == "bar" || base == "barrier") {
      bool arrive = opcode.find(".arrive") != std::string::npos;
      bool sync = opcode.find(".sync") != std::string::npos || opcode == "bar" || opcode == "barrier" ||
                  opcode == "barrier.aligned" || opcode.find(".cta.sync") != std::string::npos;
      if (opcode.find(".red") != std::string::npos || opcode.find("warp") != std::string::npos ||
          opcode.find("cluster") != std::string::npos) {
        modelled = false;
        unmodelled = opcode;
        continue;
      }
      if (!arrive && !sync) { modelled = false; unmodelled = opcode; continue; }
      std::vector<std::string> ops = ptxOperands(rest);
      ExprRef id = ops.size() >= 1 ? operand(ops[0]) : Expr::constant(0, 32);
      ExprRef count = ops.size() >= 2 ? operand(ops[1]) : nullptr;
      if (!id || (ops.size() >= 2 && !count)) {
        modelled = false;
        unmodelled = opcode + " with operands that are not modelled";
        continue;
      }
      auto s = Stmt::make(Stmt::Kind::Barrier, loc(userLoc(l)));
      s->text = ins;
      s->arriveOnly = arrive;
      if (!arrive && !count && id->isConst() && id->value == 0) {
        s->barrier = m::BarrierKind::Block;
      } else {
        s->barrier = m::BarrierKind::Named;
        s->barrierId = Expr::resize(id, 32, false);
        if (count) s->barrierCount = Expr::resize(count, 32, false);
      }
      emit(s);
      continue;
    }
    if (opcode == "cp.async.commit_group" || opcode.rfind("cp.async.wait_group", 0) == 0 || opcode == "cp.async.wait_all" ||
        opcode.rfind("cp.async.ca.", 0) == 0 || opcode.rfind("cp.async.cg.", 0) == 0) {
      // Ampere cp.async (PTX ISA: cp.async, cp.async.commit_group, cp.async.wait_group).
      std::vector<std::string> ops = ptxOperands(rest);
      if (opcode == "cp.async.commit_group") { emitBulkGroup(m::MbarOp::AsyncCommit, nullptr, l, opcode); continue; }
      if (opcode == "cp.async.wait_all") {
        emitBulkGroup(m::MbarOp::AsyncCommit, nullptr, l, opcode);
        emitBulkGroup(m::MbarOp::AsyncWait, Expr::constant(0, 32), l, opcode);
        continue;
      }
      if (opcode.rfind("cp.async.wait_group", 0) == 0) {
        ExprRef nGroups = ops.size() == 1 ? operand(ops[0]) : nullptr;
        if (!nGroups) { modelled = false; unmodelled = opcode + " with an operand that is not modelled"; continue; }
        emitBulkGroup(m::MbarOp::AsyncWait, nGroups, l, opcode);
        continue;
      }
      // cp.async.{ca,cg}.shared{::cta}.global [dst], [src], cp-size (no src-size, no cache policy)
      std::vector<std::string> q = ptxQualifiers(opcode);
      bool shared = std::find(q.begin(), q.end(), "shared") != q.end() || std::find(q.begin(), q.end(), "shared::cta") != q.end();
      if (!shared || std::find(q.begin(), q.end(), "global") == q.end() || ops.size() != 3) {
        modelled = false;
        unmodelled = opcode + " with operands or qualifiers that are not modelled";
        continue;
      }
      std::string dt, st;
      Value dst = addressValue(ops[0], dt), src = addressValue(ops[1], st);
      // Completion through the issuing thread's cp.async groups (no mbarrier).
      emitBulkTransfer(false, dst, src, operand(ops[2]), Value::none(), l, opcode, dt, st, /*groupCompleted=*/true);
      continue;
    }
    if (base == "mbarrier" || opcode.rfind("cp.async.bulk", 0) == 0 || opcode.rfind("fence.proxy.async", 0) == 0) {
      std::vector<std::string> ops = ptxOperands(rest);
      std::vector<std::string> q = ptxQualifiers(opcode);
      auto has = [&](const char *x) { return std::find(q.begin(), q.end(), x) != q.end(); };
      if (opcode.rfind("fence.proxy.async", 0) == 0) {
        // Orders generic-proxy and async-proxy accesses (PTX ISA: membar/fence,
        // proxy fences). Recorded; bulk copies that read shared memory (the
        // case that needs it) are not modelled yet.
        auto s = Stmt::make(Stmt::Kind::Fence, loc(userLoc(l)));
        s->order = m::MemOrder::Plain;
        s->scope = m::MemScope::None;
        s->text = opcode;
        emit(s);
        continue;
      }
      if (base == "cp" && (opcode == "cp.async.bulk.commit_group" || opcode.rfind("cp.async.bulk.wait_group", 0) == 0)) {
        if (opcode == "cp.async.bulk.commit_group") {
          emitBulkGroup(m::MbarOp::BulkCommit, nullptr, l, opcode);
          continue;
        }
        ExprRef nGroups = ops.size() == 1 ? operand(ops[0]) : nullptr;
        if (!nGroups) { modelled = false; unmodelled = opcode + " with an operand that is not modelled"; continue; }
        emitBulkGroup(has("read") ? m::MbarOp::BulkWaitRead : m::MbarOp::BulkWait, nGroups, l, opcode);
        continue;
      }
      if (base == "cp" && has("global") && (has("shared::cta") || has("shared")) && has("bulk_group") &&
          opcode.find(".tensor") == std::string::npos && ops.size() == 3 && opcode.find("global.shared") != std::string::npos) {
        // cp.async.bulk.global.shared::cta.bulk_group [dst], [src], size
        std::string dt, st;
        Value dst = addressValue(ops[0], dt), src = addressValue(ops[1], st);
        emitBulkTransfer(true, src, dst, operand(ops[2]), Value::none(), l, opcode, st, dt);
        continue;
      }
      if (base == "cp") {
        // cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [dst], [src], size, [mbar]
        bool g2s = (has("shared::cluster") || has("shared::cta")) && has("global") && has("mbarrier::complete_tx::bytes");
        if (!g2s || opcode.find(".tensor") != std::string::npos || opcode.find("multicast") != std::string::npos ||
            ops.size() != 4) {
          modelled = false;
          unmodelled = opcode;
          continue;
        }
        std::string dt, st, mt;
        Value dst = addressValue(ops[0], dt), src = addressValue(ops[1], st), mb = addressValue(ops[3], mt);
        emitBulkTransfer(false, dst, src, operand(ops[2]), mb, l, opcode, dt, st);
        continue;
      }
      // mbarrier.*
      bool remote = has("shared::cluster") || has("cluster");
      std::string txt;
      if (remote || opcode.find("arrive_drop") != std::string::npos || opcode.find("noComplete") != std::string::npos ||
          opcode.find("pending_count") != std::string::npos || opcode.find("complete_tx") != std::string::npos) {
        modelled = false;
        unmodelled = opcode;
        continue;
      }
      if (has("init") && ops.size() == 2) {
        emitMbarrier(m::MbarOp::Init, addressValue(ops[0], txt), operand(ops[1]), nullptr, l, opcode);
      } else if (has("inval") && ops.size() == 1) {
        emitMbarrier(m::MbarOp::Inval, addressValue(ops[0], txt), nullptr, nullptr, l, opcode);
      } else if (has("expect_tx") && !has("arrive") && ops.size() == 2) {
        emitMbarrier(m::MbarOp::ExpectTx, addressValue(ops[0], txt), nullptr, operand(ops[1]), l, opcode);
      } else if (has("arrive") && (ops.size() == 2 || ops.size() == 3)) {
        bool tx = has("expect_tx");
        ExprRef count = !tx && ops.size() == 3 ? operand(ops[2]) : nullptr;
        ExprRef txb = tx ? (ops.size() == 3 ? operand(ops[2]) : nullptr) : nullptr;
        if ((!tx && ops.size() == 3 && !count) || (tx && !txb)) {
          modelled = false;
          unmodelled = opcode + " with operands that are not modelled";
          continue;
        }
        StmtRef st2 = emitMbarrier(m::MbarOp::Arrive, addressValue(ops[1], txt), count, txb, l, opcode);
        if (st2 && has("relaxed")) st2->order = m::MemOrder::Relaxed;
      } else if ((has("try_wait") || has("test_wait")) && ops.size() >= 3) {
        ExprRef parity = has("parity") ? operand(ops[2]) : nullptr;
        if (has("parity") && !parity) {
          modelled = false;
          unmodelled = opcode + " with a parity that is not modelled";
          continue;
        }
        StmtRef st2 = emitMbarrier(m::MbarOp::TryWait, addressValue(ops[1], txt), parity, nullptr, l, opcode);
        if (st2) {
          if (has("relaxed")) st2->order = m::MemOrder::Relaxed;
          int v = newVar("try_wait.result", 1, false, l);
          st2->resultVar = v;
          waitPreds[ops[0]] = {st2, insIndex};
        }
      } else {
        modelled = false;
        unmodelled = opcode + " with operands that are not modelled";
      }
      continue;
    }
    if (base == "selp" && !waitPreds.empty()) {
      // selp.u32 %N, 1, 0, p: the try_wait result to an output.
      std::vector<std::string> ops = ptxOperands(rest);
      auto it = ops.size() == 4 ? waitPreds.find(ops[3]) : waitPreds.end();
      if (it != waitPreds.end() && ops[1] == "1" && ops[2] == "0" && ops[0].size() > 1 && ops[0][0] == '%') {
        unsigned oi = (unsigned)std::stoul(ops[0].substr(1));
        asmOutputs[oi] = Expr::var(it->second.tryWait->resultVar, 1);
      }
      continue;
    }
    if (!ins.empty() && ins[0] == '@' && !waitPreds.empty()) {
      // A try_wait loop: CUTLASS's `LAB: try_wait p, ...; @p bra DONE; bra LAB; DONE:`, or
      // `LAB: try_wait p, ...; @!p bra LAB;`. Only with the branch back to a label before the
      // try_wait: a single try_wait may fail (its time limit), and then the code falls through.
      std::string pred = ins.substr(1, ins.find_first_of(" \t") - 1);
      bool neg = !pred.empty() && pred[0] == '!';
      if (neg) pred = pred.substr(1);
      auto it = waitPreds.find(pred);
      std::vector<std::string> w = ptxOperands(ins.substr(std::min(ins.size(), ins.find_first_of(" \t"))));
      // w[0] is "bra TARGET" (the guard's opcode and operand together).
      std::string target = !w.empty() && w[0].rfind("bra", 0) == 0 ? w[0].substr(w[0].find_last_of(" \t") + 1) : "";
      if (it != waitPreds.end() && !target.empty()) {
        const size_t at = it->second.at;
        auto before = [&](const std::string &lab) {
          auto li = labelAt.find(lab);
          return li != labelAt.end() && li->second < at;
        };
        bool loop = false;
        if (neg) {
          loop = before(target);  // back to the try_wait while it fails
        } else if (auto done = labelAt.find(target); done != labelAt.end() && done->second > insIndex) {
          // out on success; an unconditional branch back before DONE
          for (size_t j = insIndex + 1; j < done->second && !loop; ++j) {
            const std::string &b = insns[j];
            if (b.rfind("bra", 0) == 0) {
              std::string lab = b.substr(b.find_last_of(" \t") + 1);
              loop = before(lab);
              if (!loop) break;  // another unconditional branch first: not this shape
            }
          }
        }
        if (loop) {
          it->second.tryWait->mbarOp = m::MbarOp::Wait;
          branchWait = true;
          continue;
        }
        modelled = false;
        unmodelled = "a branch on a try_wait result that is not a loop back to the try_wait";
        continue;
      }
    }
    if (base == "bra" && branchWait) continue;
    if (base == "setp" && !predIf) {
      // setp.CMP.TYPE p, a, b with both operands modelled: p = a CMP b.
      std::vector<std::string> q = ptxQualifiers(opcode), ops = ptxOperands(rest);
      if (q.size() == 2 && ops.size() == 3 && ops[0].find('|') == std::string::npos && q[1].size() >= 2 &&
          (q[1][0] == 'u' || q[1][0] == 's' || q[1][0] == 'b') && isdigit((unsigned char)q[1][1])) {
        unsigned w = (unsigned)std::stoul(q[1].substr(1));
        bool sgn = q[1][0] == 's';
        static const std::map<std::string, std::pair<Op, Op>> cmps = {
            {"eq", {Op::Eq, Op::Eq}}, {"ne", {Op::Ne, Op::Ne}}, {"lt", {Op::ULt, Op::SLt}}, {"le", {Op::ULe, Op::SLe}},
            {"gt", {Op::UGt, Op::SGt}}, {"ge", {Op::UGe, Op::SGe}}, {"lo", {Op::ULt, Op::ULt}}, {"ls", {Op::ULe, Op::ULe}},
            {"hi", {Op::UGt, Op::UGt}}, {"hs", {Op::UGe, Op::UGe}}};
        auto cit = cmps.find(q[0]);
        ExprRef x = operand(ops[1]), y = operand(ops[2]);
        if (cit != cmps.end() && x && y && (w == 16 || w == 32 || w == 64)) {
          preds[ops[0]] = Expr::binary(sgn ? cit->second.second : cit->second.first, Expr::resize(x, w, sgn),
                                       Expr::resize(y, w, sgn));
          continue;
        }
      }
      continue;  // (its destinations were forgotten above)
    }
    if (base == "setmaxnreg") {
      // setmaxnreg.{inc,dec}.sync.aligned.u32 N (PTX ISA: setmaxnreg): a
      // collective of the whole warpgroup; it orders no memory.
      if (opcode.find(".sync") == std::string::npos || opcode.find(".aligned") == std::string::npos) {
        modelled = false;
        unmodelled = opcode;
        continue;
      }
      auto s = Stmt::make(Stmt::Kind::Barrier, loc(userLoc(l)));
      s->text = ins;
      s->barrier = m::BarrierKind::Warpgroup;
      emit(s);
      continue;
    }
    if (opcode.rfind("fence.mbarrier_init", 0) == 0) {
      // Makes prior mbarrier.init visible to the cluster (PTX ISA: membar/
      // fence, "fence.mbarrier_init"). Within the block the mbarrier model
      // orders an init before its uses by the barriers after it; dropping a
      // fence can only remove orderings, so ignoring it is conservative.
      continue;
    }
    if (base == "fence" || base == "membar") {
      // fence{.sem}.scope / membar.level (PTX ISA: membar/fence). Proxy
      // fences belong to the async-proxy model (not in this version).
      std::vector<std::string> q = ptxQualifiers(opcode);
      m::MemOrder order = m::MemOrder::SeqCst;
      m::MemScope scope = m::MemScope::None;
      bool ok = true;
      for (const std::string &x : q) {
        if (x == "sc") order = m::MemOrder::SeqCst;
        else if (x == "acq_rel") order = m::MemOrder::AcqRel;
        else if (x == "acquire") order = m::MemOrder::Acquire;
        else if (x == "release") order = m::MemOrder::Release;
        else if (x == "gl") scope = m::MemScope::GPU;  // membar.gl
        else if (!ptxScope(x, scope)) ok = false;
      }
      if (!ok || scope == m::MemScope::None) { modelled = false; unmodelled = opcode; continue; }
      emitFence(l, order, scope, opcode);
      continue;
    }
    if (base == "ld" || base == "st" || base == "red" || base == "atom") {
      std::vector<std::string> q = ptxQualifiers(opcode);
      // Defaults: ld/st are weak (plain); atom/red are relaxed at gpu scope.
      bool rmw = base == "red" || base == "atom";
      m::MemOrder order = rmw ? m::MemOrder::Relaxed : m::MemOrder::Plain;
      m::MemScope scope = rmw ? m::MemScope::GPU : m::MemScope::None;
      bool isVol = false, ok = true, global = true, shared = false;
      bool signedType = false;  // .s8/.s16/...: a load sign-extends into a wider register
      std::string op;
      unsigned bytes = 0, vec = 1;
      for (const std::string &x : q) {
        if (x == "weak") order = m::MemOrder::Plain;
        else if (x == "relaxed") order = m::MemOrder::Relaxed;
        else if (x == "acquire") order = m::MemOrder::Acquire;
        else if (x == "release") order = m::MemOrder::Release;
        else if (x == "acq_rel") order = m::MemOrder::AcqRel;
        else if (x == "volatile") { isVol = true; order = m::MemOrder::Relaxed; scope = m::MemScope::System; }
        else if (ptxScope(x, scope)) {}
        else if (x == "global") global = true;
        else if (x == "shared" || x == "shared::cta") { global = false; shared = true; }
        else if (x == "local" || x == "const" || x == "param" || x.rfind("shared::", 0) == 0) global = false;
        else if (x == "v2") vec = 2;
        else if (x == "v4") vec = 4;
        else if (x == "ca" || x == "cg" || x == "cs" || x == "lu" || x == "cv" || x == "wb" || x == "wt" || x == "nc" ||
                 x.rfind("L1::", 0) == 0 || x.rfind("L2::", 0) == 0 || x == "noftz")
          ;
        else if (x == "add" || x == "inc" || x == "dec" || x == "exch" || x == "cas" || x == "and" || x == "or" ||
                 x == "xor" || x == "min" || x == "max")
          op = x;
        else if (x.size() >= 2 && (x[0] == 'u' || x[0] == 's' || x[0] == 'b' || x[0] == 'f') && isdigit((unsigned char)x[1])) {
          // u32, f16, ...; a packed type (f16x2, bf16x2) is all its lanes.
          size_t d = 1;
          while (d < x.size() && isdigit((unsigned char)x[d])) ++d;
          bytes = (unsigned)std::stoul(x.substr(1, d - 1)) / 8;
          signedType = x[0] == 's';
          if (d < x.size()) {
            if (x[d] == 'x' && d + 1 < x.size() && std::all_of(x.begin() + d + 1, x.end(), ::isdigit)) bytes *= (unsigned)std::stoul(x.substr(d + 1));
            else ok = false;
          }
        } else if (x.rfind("bf16", 0) == 0) {
          bytes = 2;
          if (x == "bf16x2") bytes = 4;
          else if (x != "bf16") ok = false;
        } else ok = false;
      }
      if (order != m::MemOrder::Plain && scope == m::MemScope::None) scope = m::MemScope::System;  // PTX default .sys
      std::vector<std::string> ops = ptxOperands(rest);
      size_t memIdx = base == "ld" || base == "atom" ? 1 : 0;
      if (!ok || !bytes || rmw && op.empty() || ops.size() <= memIdx || ops[memIdx].size() < 3 ||
          ops[memIdx].front() != '[' || ops[memIdx].back() != ']' || (!global && !(shared && !rmw)) || isVol && rmw) {
        modelled = false;
        unmodelled = opcode + " with operands or qualifiers that are not modelled";
        continue;
      }
      std::optional<std::pair<unsigned, uint64_t>> at = asmAddress(ops[memIdx]);
      unsigned nout = a->getNumOutputs();
      const clang::Expr *addrE =
          at && at->first >= nout && at->first - nout < a->getNumInputs() ? a->getInputExpr(at->first - nout) : nullptr;
      uint64_t imm = at ? at->second : 0;
      Value ptr;
      // A shared-space access takes a 32-bit shared-window address.
      if (addrE) ptr = shared ? sharedAddress(addrE) : eval(addrE);
      if (ptr.kind != Value::Kind::Ptr || ptr.region < 0) {
        modelled = false;
        unmodelled = opcode + " on an address that is not modelled";
        continue;
      }
      Place p;
      p.kind = Place::Kind::Mem;
      p.region = ptr.region;
      p.off = imm ? Expr::binary(Op::Add, ptr.off, Expr::constant(imm, 64)) : ptr.off;
      p.size = bytes * vec;
      p.text = text(addrE);
      p.isVolatile = isVol;
      auto valueOperand = [&](size_t i) -> ExprRef {
        if (i >= ops.size()) return nullptr;
        ExprRef e = operand(ops[i]);
        return e ? Expr::resize(e, 8 * bytes, false) : nullptr;
      };
      m::AccessKind kind = base == "ld" ? m::AccessKind::Read : base == "st" ? m::AccessKind::Write : m::AccessKind::Atomic;
      std::string update = op == "add" ? "add" : op == "exch" ? "store" : base == "st" ? "store" : rmw ? "other" : "";
      ExprRef value = base == "st" ? valueOperand(1) : base == "red" ? valueOperand(1) : base == "atom" ? valueOperand(2) : nullptr;
      StmtRef acc = emitAccess(p, kind, l, opcode);
      if (!acc) continue;
      acc->order = order;
      acc->scope = scope;
      acc->isVolatile = isVol;
      acc->updateKind = order == m::MemOrder::Plain ? "" : update;
      acc->operand = update == "add" || update == "store" ? value : nullptr;
      // The value read goes to output %0.
      if ((base == "ld" || base == "atom") && ops[0].size() > 1 && ops[0][0] == '%' && isdigit((unsigned char)ops[0][1])) {
        unsigned oi = (unsigned)std::stoul(ops[0].substr(1));
        if (oi < a->getNumOutputs() && isIntLike(a->getOutputExpr(oi)->getType())) {
          QualType ot = a->getOutputExpr(oi)->getType();
          unsigned w = intWidth(ctx, ot);
          if (signedType && base == "ld" && 8 * bytes * vec < w) {
            // Sign-extended: the value is not the memory's bytes zero-extended, as the checkers
            // relate a plain load to what was stored; an arbitrary value instead.
            asmOutputs[oi] = havoc(w, "value loaded from '" + p.text + "' (sign-extended)");
          } else if (order == m::MemOrder::Plain && !isVol) {
            ExprRef h = havoc(w, "value loaded from '" + p.text + "'");
            loadValue[acc.get()] = h->id;
            acc->loadedHavoc = h->id;
            asmOutputs[oi] = h;
          } else {
            int v = newVar(base + ".result", w, ot->isSignedIntegerOrEnumerationType(), l);
            acc->resultVar = v;
            asmOutputs[oi] = Expr::var(v, w);
          }
        }
      }
      continue;
    }
    if (base == "trap" || base == "exit") {  // (as __trap(); as a return)
      emitThreadExit(l, base == "trap");
      continue;
    }
    if (!ins.empty() && ins[0] == '@') { modelled = false; unmodelled = "predicated instruction '" + opcode + "'"; continue; }
    if (ins.back() == ':') continue;  // a label
    if (harmless.count(base) || opcode == ".reg") continue;
    modelled = false;
    unmodelled = opcode;
  }
  // Input operands that read memory ("r"(s[i])): their reads, before the
  // outputs are written (operands that instructions above used as
  // addresses or values were evaluated there; a second read is harmless).
  // Inputs with side effects ("r"(i++)) are evaluated too.
  for (unsigned i = 0; i < a->getNumInputs(); ++i)
    if (readsMemory(a->getInputExpr(i)) || a->getInputExpr(i)->HasSideEffects(ctx)) eval(a->getInputExpr(i));
  // Outputs receive arbitrary values (%laneid is common enough to model: an
  // asm that is exactly `mov.u32 %N, %laneid;`).
  static const std::regex laneMov(R"(^\s*mov\.(u|b|s)32\s+%(\d+)\s*,\s*%{1,2}laneid\s*;?\s*$)");
  std::smatch laneMatch;
  std::optional<unsigned> laneOut;
  if (std::regex_match(code, laneMatch, laneMov)) laneOut = (unsigned)std::stoul(laneMatch[2].str());
  for (unsigned i = 0; i < a->getNumOutputs(); ++i) {
    const clang::Expr *out = a->getOutputExpr(i);
    Place p = lvalue(out);
    Value v;
    if (isIntLike(out->getType())) {
      unsigned w = intWidth(ctx, out->getType());
      bool lane = laneOut && *laneOut == i;
      auto it = asmOutputs.find(i);
      v = Value::integer(it != asmOutputs.end() ? Expr::resize(it->second, w, false)
                         : lane ? Expr::resize(Expr::builtinVar(m::Builtin::LaneId), w, false)
                                : havoc(w, "output of inline PTX"));
    }
    // An output in memory ("=r"(s[i])) is a write; "+r" reads it first.
    if (p.kind != Place::Kind::Var && p.kind != Place::Kind::PtrVar && a->isOutputPlusConstraint(i))
      load(p, out->getType(), l);
    store(p, v, l);
  }
  if (!modelled)
    unknown(l, "inline PTX '" + unmodelled + "' is not modelled");
}

void KernelBuilder::returnStmt(const ReturnStmt *r) {
  SourceLocation l = r->getReturnLoc();
  if (r->getRetValue() && !frames.empty() && frames.back().structResult) {
    // A struct result: its fields from the returned expression (a local
    // held field by field, a brace list, another such call; otherwise
    // arbitrary values).
    Binding b = *frames.back().structResult;
    initStruct(b, frames.back().fn->getReturnType().getUnqualifiedType(), r->getRetValue(), l);
  } else if (r->getRetValue()) {
    // (The value first: a call in it pushes frames, which may move them.)
    // A reference result: the address of the object it names (`return
    // payload[i];` reads nothing); one that is not a modelled place points
    // nowhere known.
    bool ref = !frames.empty() && frames.back().referenceResult && r->getRetValue()->isGLValue();
    Value v = ref ? addressOf(lvalue(r->getRetValue()), text(r->getRetValue())) : eval(r->getRetValue());
    InlineFrame &f = frames.back();
    if (f.hasResult && !f.pointerResult) {
      assign(f.resultVar, v.kind == Value::Kind::Int ? v.e : havoc(k.vars[f.resultVar].width, "return value"), l);
    } else if (f.pointerResult) {
      int region = v.kind == Value::Kind::Ptr ? v.region : -1;
      if (f.resultBinding.region == -3) f.resultBinding.region = region;
      else if (f.resultBinding.region != region) f.resultBinding.region = -1;
      if (v.kind == Value::Kind::Ptr && v.maybeNull) f.resultBinding.maybeNull = true;
      assign(f.resultBinding.id, v.kind == Value::Kind::Ptr ? v.off : havoc(64, "pointer"), l);
      // The regions this return may point into, for a result that chooses.
      std::vector<Value::Alt> alts = v.altsOf();
      if (alts.empty()) f.altsOk = false;
      if (f.altsOk) {
        // The first region's offset is the result variable (assigned above);
        // a return into it alone needs nothing more.
        if (f.altRegions.empty()) {
          f.altRegions.push_back(alts.front().region);
          f.altOffs.push_back(f.resultBinding.id);
        }
        std::vector<size_t> index;
        for (const Value::Alt &a : alts) {
          size_t i = std::find(f.altRegions.begin(), f.altRegions.end(), a.region) - f.altRegions.begin();
          if (i == f.altRegions.size()) {
            f.altRegions.push_back(a.region);
            f.altOffs.push_back(newVar(k.vars[f.resultBinding.id].name + ".off" + std::to_string(i), 64, false, l));
          }
          index.push_back(i);
        }
        if (f.altRegions.size() > kMaxPointerAlts) f.altsOk = false;
        if (f.altsOk && !(alts.size() == 1 && index[0] == 0)) {
          // Each region's offset: that of the first alternative into it whose
          // condition holds (two alternatives may share a region).
          for (size_t i : std::set<size_t>(index.begin(), index.end())) {
            ExprRef off;
            for (size_t j = alts.size(); j-- > 0;)
              if (index[j] == i) off = off ? Expr::select(alts[j].cond, alts[j].off, off) : alts[j].off;
            assign(f.altOffs[i], off, l);
          }
          if (f.altTag < 0) f.altTag = newVar(k.vars[f.resultBinding.id].name + ".which", 32, false, l);
          ExprRef tag = Expr::constant(index.back(), 32);
          for (size_t j = alts.size() - 1; j-- > 0;) tag = Expr::select(alts[j].cond, Expr::constant(index[j], 32), tag);
          assign(f.altTag, tag, l);
        }
      }
    }
  }
  auto s = Stmt::make(Stmt::Kind::Exit, loc(userLoc(l)));
  s->label = frames.back().returnLabel;
  emit(s);
}

void KernelBuilder::stmt(const clang::Stmt *s) {
  if (!s) return;
  if (const auto *cs = dyn_cast<CompoundStmt>(s)) {
    for (const clang::Stmt *c : cs->body()) stmt(c);
    return;
  }
  if (const auto *e = dyn_cast<clang::Expr>(s)) { evalDiscarded(e); return; }
  if (const auto *d = dyn_cast<DeclStmt>(s)) { declStmt(d); return; }
  if (const auto *i = dyn_cast<IfStmt>(s)) { ifStmt(i); return; }
  if (const auto *f = dyn_cast<ForStmt>(s)) {
    loopStmt(f->getInit(), f->getCond(), f->getBody(), f->getInc(), true, f->getForLoc(), f->getConditionVariable());
    return;
  }
  if (const auto *w = dyn_cast<WhileStmt>(s)) {
    loopStmt(nullptr, w->getCond(), w->getBody(), nullptr, true, w->getWhileLoc(), w->getConditionVariable());
    return;
  }
  if (const auto *d = dyn_cast<DoStmt>(s)) {
    loopStmt(nullptr, d->getCond(), d->getBody(), nullptr, false, d->getDoLoc(), nullptr);
    return;
  }
  if (const auto *r = dyn_cast<CXXForRangeStmt>(s)) {
    unknown(r->getForLoc(), "range-based for loops are not modelled");
    return;
  }
  if (isa<BreakStmt>(s) || isa<ContinueStmt>(s)) {
    if (loops.empty()) { unknown(s->getBeginLoc(), "break/continue outside a loop"); return; }
    int label = isa<BreakStmt>(s) ? loops.back().breakLabel : loops.back().continueLabel;
    if (label < 0) { unknown(s->getBeginLoc(), "continue inside a switch outside a loop"); return; }
    auto e = Stmt::make(Stmt::Kind::Exit, loc(userLoc(s->getBeginLoc())));
    e->label = label;
    emit(e);
    return;
  }
  if (const auto *r = dyn_cast<ReturnStmt>(s)) { returnStmt(r); return; }
  if (const auto *sw = dyn_cast<SwitchStmt>(s)) { switchStmt(sw); return; }
  if (const auto *a = dyn_cast<GCCAsmStmt>(s)) { asmStmt(a); return; }
  if (const auto *as = dyn_cast<AttributedStmt>(s)) { stmt(as->getSubStmt()); return; }
  if (isa<NullStmt>(s)) return;
  if (const auto *ls = dyn_cast<LabelStmt>(s)) {
    unknown(ls->getBeginLoc(), "labels and goto are not modelled");
    stmt(ls->getSubStmt());
    return;
  }
  if (isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s)) { unknown(s->getBeginLoc(), "goto is not modelled"); return; }
  unknown(s->getBeginLoc(), std::string("statement of kind ") + s->getStmtClassName() + " is not modelled");
}

m::Kernel KernelBuilder::build() {
  k.name = kernelDecl->getNameAsString();
  {
    std::string dn;
    llvm::raw_string_ostream os(dn);
    PrintingPolicy pp(ctx.getLangOpts());
    pp.SuppressScope = false;
    kernelDecl->getNameForDiagnostic(os, pp, /*Qualified=*/true);
    k.displayName = os.str();
  }
  k.loc = loc(kernelDecl->getLocation());
  // __launch_bounds__(N, ...): a launch of more than N threads per block
  // fails (cudaErrorInvalidValue), so no block has more.
  if (const auto *lb = kernelDecl->getAttr<CUDALaunchBoundsAttr>())
    if (const clang::Expr *mt = lb->getMaxThreads(); mt && !mt->isValueDependent())
      if (std::optional<llvm::APSInt> v = mt->getIntegerConstantExpr(ctx); v && v->isStrictlyPositive())
        k.maxThreadsPerBlock = v->getLimitedValue(1024);
  InlineFrame top;
  top.fn = kernelDecl;
  top.returnLabel = k.nextLabel++;
  frames.push_back(top);
  k.body = newBlock(loc(kernelDecl->getBeginLoc()));
  k.body->label = top.returnLabel;
  current = k.body;
  // Parameters are copied into locals so that kernels may modify them
  // (`A += blockIdx.x * lda`); the Param expressions stay their initial values.
  for (const ParmVarDecl *p : kernelDecl->parameters()) {
    bindingConstParam = p->getType().isConstQualified();
    kernelParams[p] = bindParam(p->getNameAsString(), p->getType(), p->getLocation(), 0);
  }
  checkBaseOffsets(kernelDecl->getBody());
  stmt(kernelDecl->getBody());
  recordPageMaps();
  finishAccessTwins();
  m::foldLeadingBreaks(k);
  m::markPollingLoops(k);
  k.number();
  return std::move(k);
}

// Page maps: a __constant__ integer table indexing the outer dimension of
// __shared__ arrays of the same extent as its rows, directly (`pages[map[i]]`)
// or through a local initialised from it (`int p = map[i]; ... pages[p]`).
// (The kernel's own body; device functions it calls are not searched.)
void KernelBuilder::recordPageMaps() {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::map<const VarDecl *, const VarDecl *> localFrom;          // local -> table
    std::map<const VarDecl *, std::set<const VarDecl *>> indexes;  // table -> shared arrays
    const VarDecl *tableOf(const clang::Expr *e) {
      e = e->IgnoreParenImpCasts();
      if (const auto *d = dyn_cast<DeclRefExpr>(e)) {
        auto it = localFrom.find(dyn_cast<VarDecl>(d->getDecl()));
        return it == localFrom.end() ? nullptr : it->second;
      }
      if (!isa<ArraySubscriptExpr>(e) || !e->getType()->isIntegerType()) return nullptr;
      const clang::Expr *b = e;
      while (const auto *as = dyn_cast<ArraySubscriptExpr>(b)) b = as->getBase()->IgnoreParenImpCasts();
      const auto *d = dyn_cast<DeclRefExpr>(b);
      const auto *v = d ? dyn_cast<VarDecl>(d->getDecl()) : nullptr;
      return v && v->hasAttr<CUDAConstantAttr>() && v->hasInit() ? v : nullptr;
    }
    bool VisitVarDecl(VarDecl *v) {
      if (v->hasLocalStorage() && v->getInit())
        if (const VarDecl *t = tableOf(v->getInit())) localFrom[v] = t;
      return true;
    }
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *a) {
      const auto *d = dyn_cast<DeclRefExpr>(a->getBase()->IgnoreParenImpCasts());
      const auto *v = d ? dyn_cast<VarDecl>(d->getDecl()) : nullptr;
      if (v && v->hasAttr<CUDASharedAttr>() && isa<ConstantArrayType>(v->getType()))
        if (const VarDecl *t = tableOf(a->getIdx())) indexes[t].insert(v);
      return true;
    }
  } f;
  f.TraverseStmt(kernelDecl->getBody());
  for (auto &[table, arrays] : f.indexes) {
    // The table's rows: its innermost dimension, of integers.
    QualType ty = table->getType();
    const ConstantArrayType *row = nullptr;
    while (const auto *at = ctx.getAsConstantArrayType(ty)) {
      row = at;
      ty = at->getElementType();
    }
    if (!row || !ty->isIntegerType()) continue;
    uint64_t rowLength = row->getSize().getZExtValue();
    m::PageMap pm;
    for (const VarDecl *a : arrays)
      if (ctx.getAsConstantArrayType(a->getType())->getSize().getZExtValue() == rowLength)
        pm.pageRegions.push_back(regionForVar(a));
    if (pm.pageRegions.empty()) continue;
    pm.table = regionForVar(table);
    if (!k.regions[pm.table].constData) continue;
    pm.elementBytes = (unsigned)ctx.getTypeSize(ty) / 8;
    pm.elementSigned = ty->isSignedIntegerType();
    pm.rowLength = rowLength;
    k.pageMaps.push_back(pm);
  }
}

// ------------------------------------------------------------------ driver

class Collector : public RecursiveASTVisitor<Collector> {
public:
  explicit Collector(SourceManager &sm) : sm(sm) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *fd) {
    if (!fd->hasAttr<CUDAGlobalAttr>() || !fd->doesThisDeclarationHaveABody()) return true;
    if (fd->isDependentContext()) return true;  // uninstantiated template
    if (sm.isInSystemHeader(fd->getLocation())) return true;
    if (seen.insert(fd).second) kernels.push_back(fd);
    return true;
  }
  SourceManager &sm;
  std::vector<FunctionDecl *> kernels;
  std::set<FunctionDecl *> seen;
};

class Consumer : public ASTConsumer {
public:
  Consumer(Result &out, const Options &opts, const std::map<std::string, std::string> &names)
      : out(out), opts(opts), names(names) {}
  void HandleTranslationUnit(ASTContext &ctx) override {
    SourceManager &sm = ctx.getSourceManager();
    if (ctx.getDiagnostics().hasErrorOccurred()) return;
    size_t firstKernel = out.module.kernels.size();
    Collector col(sm);
    col.TraverseDecl(ctx.getTranslationUnitDecl());
    HostLaunchMap launches;
    std::vector<std::pair<std::string, std::string>> symbolWrites;
    collectHostLaunches(ctx, names, launches, symbolWrites);
    for (FunctionDecl *fd : col.kernels) {
      std::string name = fd->getNameAsString();
      if (!opts.kernelNames.empty()) {
        bool want = false;
        std::string display;
      llvm::raw_string_ostream dos(display);
      fd->getNameForDiagnostic(dos, PrintingPolicy(ctx.getLangOpts()), /*Qualified=*/true);
      dos.flush();
      for (auto &n : opts.kernelNames)
        want |= n == name || n == fd->getQualifiedNameAsString() || n == display;
        if (!want) continue;
      }
      // A crash while lowering one kernel is an internal error of that
      // kernel (exit 2); the others are still extracted and checked.
      model::Kernel built;
      llvm::CrashRecoveryContext crc;
      bool ok = crc.RunSafely([&] {
        KernelBuilder kb(ctx, fd, names, opts.memory);
        built = kb.build();
      });
      if (!ok) {
        PresumedLoc p = sm.getPresumedLoc(fd->getLocation());
        out.internalErrors.push_back("in the front end at " + std::string(p.isValid() ? p.getFilename() : "?") + ":" +
                                     std::to_string(p.isValid() ? p.getLine() : 0) + " (kernel '" + name + "')");
        continue;
      }
      if (auto hl = launches.find(fd->getCanonicalDecl()); hl != launches.end()) built.hostLaunches = hl->second;
      built.hostWrittenSymbols = symbolWrites;
      out.module.kernels.push_back(std::move(built));
    }
    // Per translation unit, the absolute path of every file it read (the
    // main file, then headers from -I, -isystem, the CUDA toolkit and Clang's
    // resource directory), for certificates (driver/certificate.cpp).
    std::vector<std::string> reads;
    std::string mainName;
    if (auto mainRef = sm.getFileEntryRefForID(sm.getMainFileID())) mainName = mainRef->getName().str();
    for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) {
      std::string f = it->first.getName().str();
      if (std::find(out.filesRead.begin(), out.filesRead.end(), f) == out.filesRead.end())
        out.filesRead.push_back(f);
      llvm::SmallString<256> abs(f);
      sm.getFileManager().makeAbsolutePath(abs);
      // Only "." goes: ".." after a symbolic link is not its lexical parent.
      llvm::sys::path::remove_dots(abs, /*remove_dot_dot=*/false);
      if (std::find(reads.begin(), reads.end(), std::string(abs)) == reads.end()) reads.push_back(std::string(abs));
    }
    std::sort(reads.begin(), reads.end());
    auto disp = names.find(mainName);
    Result::Unit unit;
    unit.file = disp != names.end() ? disp->second : mainName;
    unit.reads = std::move(reads);
    unit.firstKernel = firstKernel;
    unit.kernelCount = out.module.kernels.size() - firstKernel;
    out.units.push_back(std::move(unit));
  }
  Result &out;
  const Options &opts;
  const std::map<std::string, std::string> &names;
};

class Action : public ASTFrontendAction {
public:
  Action(Result &out, const Options &opts, const std::map<std::string, std::string> &names)
      : out(out), opts(opts), names(names) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, StringRef) override {
    return std::make_unique<Consumer>(out, opts, names);
  }
  Result &out;
  const Options &opts;
  const std::map<std::string, std::string> &names;
};

class Factory : public tooling::FrontendActionFactory {
public:
  Factory(Result &out, const Options &opts, const std::map<std::string, std::string> &names)
      : out(out), opts(opts), names(names) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<Action>(out, opts, names); }
  Result &out;
  const Options &opts;
  const std::map<std::string, std::string> &names;
};

std::string defaultResourceDir() {
  if (const char *env = getenv("SYNCPROOF_RESOURCE_DIR")) return env;
#ifdef SYNCPROOF_CLANG_RESOURCE_DIR
  return SYNCPROOF_CLANG_RESOURCE_DIR;
#else
  return "/usr/lib/llvm-22/lib/clang/22";
#endif
}

std::string defaultCudaPath() {
  if (const char *env = getenv("SYNCPROOF_CUDA_PATH")) return env;
  return "/usr/local/cuda";
}

// nvcc-only flags in compile_commands.json, with the number of values each takes.
int nvccFlagArity(StringRef a) {
  static const std::map<std::string, int> withValue = {
      {"-gencode", 1}, {"--generate-code", 1}, {"-arch", 1}, {"--gpu-architecture", 1}, {"-code", 1},
      {"--gpu-code", 1}, {"-Xcompiler", 1}, {"--compiler-options", 1}, {"-Xptxas", 1}, {"--ptxas-options", 1},
      {"-Xnvlink", 1}, {"--linker-options", 1}, {"-Xcudafe", 1}, {"-ccbin", 1}, {"--compiler-bindir", 1},
      {"-maxrregcount", 1}, {"--maxrregcount", 1}, {"-t", 1}, {"--threads", 1}, {"--default-stream", 1},
      {"-rdc", 1}, {"--relocatable-device-code", 1}, {"-x", 1}, {"--keep-dir", 1}, {"-Werror", 0},
      {"--diag-suppress", 1}, {"-diag-suppress", 1}, {"-o", 1}, {"-MF", 1}, {"-MT", 1}, {"-MQ", 1}};
  auto it = withValue.find(a.str());
  if (it != withValue.end()) return it->second;
  if (a.starts_with("-gencode=") || a.starts_with("--generate-code=") || a.starts_with("-arch=") ||
      a.starts_with("--gpu-architecture=") || a.starts_with("-code=") || a.starts_with("-Xcompiler=") ||
      a.starts_with("--compiler-options=") || a.starts_with("-Xptxas=") || a.starts_with("-rdc=") ||
      a.starts_with("--expt-") || a.starts_with("--extended-lambda") || a == "-lineinfo" ||
      a == "--use_fast_math" || a == "-use_fast_math" || a == "--ftz=true" || a.starts_with("--ftz") ||
      a.starts_with("--prec-") || a.starts_with("-prec-") || a.starts_with("--fmad") || a == "-G" ||
      a == "--device-debug" || a == "-dc" || a == "--device-c" || a == "-dlink" || a.starts_with("--keep") ||
      a == "-cubin" || a == "-ptx" || a == "-fatbin" || a.starts_with("--std=") || a == "-forward-unknown-to-host-compiler" ||
      a.starts_with("-MD") || a == "-c" || a == "-MMD" ||
      a.starts_with("--diag") || a.starts_with("-Wno-deprecated-gpu-targets") || a == "--restrict" ||
      a == "-restrict" || a.starts_with("--display-error-number") || a == "-Xfatbin=-compress-all")
    return 0;
  return -1;
}

// The Clang command line for one file: nvcc flags of a compilation database
// dropped, the CUDA defaults inserted after the compiler name, --extra-arg
// appended.
tooling::CommandLineArguments adjustArgs(const tooling::CommandLineArguments &args,
                                         const std::vector<std::string> &defaults, bool fromDb, const Options &opts) {
  tooling::CommandLineArguments res;
  if (args.empty()) return args;
  res.push_back(args[0]);
  // args[0] is the compiler, last is the file for fixed databases.
  for (size_t i = 1; i < args.size(); ++i) {
    StringRef a = args[i];
    if (fromDb) {
      int arity = nvccFlagArity(a);
      if (arity >= 0) { i += arity; continue; }
      if (a == "-x" && i + 1 < args.size()) { ++i; continue; }
      if (a == "--cuda-gpu-arch" || a.starts_with("--cuda-gpu-arch=") || a.starts_with("--offload-arch") ||
          a == "--cuda-device-only" || a == "--cuda-host-only" || a.starts_with("--cuda-path") ||
          a.starts_with("-resource-dir")) continue;
      if (a.starts_with("-O") || a == "-g" || a.starts_with("-f") || a.starts_with("-m")) {
        if (a.starts_with("-f") && !a.starts_with("-fno-exceptions")) { }
        continue;
      }
    }
    res.push_back(args[i]);
  }
  // Insert defaults right after the compiler name; user flags (-I, -D,
  // --extra-arg) come after them and win.
  tooling::CommandLineArguments final{res[0]};
  for (auto &d : defaults) final.push_back(d);
  for (size_t i = 1; i < res.size(); ++i) final.push_back(res[i]);
  for (auto &e : opts.extraArgs) final.push_back(e);
  return final;
}

std::string absolutePath(const std::string &f) {
  llvm::SmallString<256> p(f);
  llvm::sys::fs::make_absolute(p);
  llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
  return std::string(p);
}

}  // namespace

std::vector<std::string> defaultCudaArgs(const Options &opts) {
  std::string cuda = opts.cudaPath.empty() ? defaultCudaPath() : opts.cudaPath;
  std::string res = opts.resourceDir.empty() ? defaultResourceDir() : opts.resourceDir;
  std::vector<std::string> args = {"-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=" + opts.cudaArch,
                                   "--cuda-path=" + cuda};
  // Headers as nvcc sees them (nvcc_compat.cpp) come before the toolkit's.
  {
    static std::mutex mu;
    static std::map<std::string, std::string> compatDirs;
    std::lock_guard<std::mutex> lock(mu);
    auto [it, fresh] = compatDirs.try_emplace(cuda);
    if (fresh) it->second = nvccCompatIncludeDir(cuda);
    if (!it->second.empty()) {
      args.insert(args.end(), {"-isystem", it->second});
      if (llvm::sys::fs::exists(it->second + "/syncproof_nvcc_compat.h"))
        args.insert(args.end(), {"-include", it->second + "/syncproof_nvcc_compat.h"});
    }
  }
  args.insert(args.end(), {"-isystem", cuda + "/include/cccl", "-Wno-unknown-cuda-version", "-resource-dir=" + res,
                           "-std=c++17", "-fsyntax-only"});
  // cooperative_groups declares cluster groups for nvcc only; sm_90 has them.
  unsigned arch = 0;
  if (llvm::StringRef(opts.cudaArch).starts_with("sm_")) llvm::StringRef(opts.cudaArch).substr(3, 2).getAsInteger(10, arch);
  if (arch >= 90) args.push_back("-D_CG_CLUSTER_INTRINSICS_AVAILABLE");
  return args;
}

bool compileCommand(const Options &opts, const std::string &file, std::vector<std::string> &args,
                    std::string &error) {
  std::string abs = absolutePath(file);
  tooling::CommandLineArguments cmd;
  std::string dir;
  bool fromDb = false;
  if (!opts.compileCommandsDir.empty()) {
    std::string err;
    auto db = tooling::CompilationDatabase::loadFromDirectory(opts.compileCommandsDir, err);
    if (!db) {
      error = "cannot read compile_commands.json in '" + opts.compileCommandsDir + "': " + err;
      return false;
    }
    auto cmds = db->getCompileCommands(abs);
    if (!cmds.empty()) {
      cmd = cmds[0].CommandLine;
      dir = cmds[0].Directory;
      fromDb = true;
    }
  }
  if (!fromDb) cmd = {"clang-tool", abs};
  cmd = tooling::getClangStripOutputAdjuster()(cmd, abs);
  cmd = tooling::getClangStripDependencyFileAdjuster()(cmd, abs);
  cmd = tooling::getClangSyntaxOnlyAdjuster()(cmd, abs);
  args = adjustArgs(cmd, defaultCudaArgs(opts), fromDb, opts);
  if (!dir.empty()) args.insert(args.begin() + 1, "-working-directory=" + dir);
  return true;
}

std::unique_ptr<ASTConsumer> makeKernelConsumer(Result &out, const Options &opts,
                                                const std::map<std::string, std::string> &displayNames) {
  return std::make_unique<Consumer>(out, opts, displayNames);
}

Result parse(const Options &opts) {
  Result out;
  auto t0 = std::chrono::steady_clock::now();
  for (const auto &f : opts.files) {
    if (opts.overlays.count(f)) continue;
    if (!llvm::sys::fs::exists(f)) {
      out.error = "no such file: '" + f + "'";
      return out;
    }
    if (llvm::sys::fs::is_directory(f)) {
      out.error = "'" + f + "' is a directory, not a CUDA source file";
      return out;
    }
  }
  std::unique_ptr<tooling::CompilationDatabase> db;
  std::vector<std::string> defaults = defaultCudaArgs(opts);
  if (!opts.compileCommandsDir.empty()) {
    std::string err;
    db = tooling::CompilationDatabase::loadFromDirectory(opts.compileCommandsDir, err);
    if (!db) {
      out.error = "cannot read compile_commands.json in '" + opts.compileCommandsDir + "': " + err;
      return out;
    }
  } else {
    std::vector<std::string> cmd = {"clang++"};
    db = std::make_unique<tooling::FixedCompilationDatabase>(".", std::vector<std::string>{});
  }
  std::vector<std::string> absFiles;
  std::map<std::string, std::string> displayNames;
  for (const auto &f : opts.files) {
    llvm::SmallString<256> p(f);
    llvm::sys::fs::make_absolute(p);
    llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
    absFiles.push_back(std::string(p));
    displayNames[std::string(p)] = f;
  }
  // Compile commands that cannot be followed: a directory that is gone
  // (ClangTool would abort the process in its chdir), and flags read from a
  // file (-D, -I that decide what is compiled; not expanded here, so the
  // check would be of another program).
  if (!opts.compileCommandsDir.empty())
    for (const std::string &f : absFiles)
      for (const tooling::CompileCommand &cc : db->getCompileCommands(f)) {
        if (!llvm::sys::fs::is_directory(cc.Directory)) {
          out.error = "compile_commands.json: the directory '" + cc.Directory + "' of '" + f + "' does not exist";
          return out;
        }
        for (llvm::StringRef a : cc.CommandLine)
          if (a.starts_with("--options-file") || a.starts_with("-optf") || (a.starts_with("@") && a.size() > 1)) {
            out.error = "compile_commands.json: the command of '" + f + "' reads flags from a file ('" + a.str() +
                        "'), which syncproof does not expand; put the flags in the command";
            return out;
          }
      }
  tooling::ClangTool tool(*db, absFiles);
  // Clang's diagnostics, printed as usual and counted (the printer counts
  // them): an error of the driver or of an argument (`-std=c++99`) does not
  // always fail the tool's run.
  clang::DiagnosticOptions diagOpts;
  clang::TextDiagnosticPrinter diagnostics(llvm::errs(), diagOpts);
  tool.setDiagnosticConsumer(&diagnostics);
  bool fromDb = !opts.compileCommandsDir.empty();
  tool.appendArgumentsAdjuster([defaults, fromDb, &opts, &out](const tooling::CommandLineArguments &args,
                                                              StringRef) {
    tooling::CommandLineArguments final = adjustArgs(args, defaults, fromDb, opts);
    if (out.clangArgs.empty()) out.clangArgs = final;
    return final;
  });
  // Unsaved buffers replace the files on disk; braced lists in launch
  // configurations are bridged (bridgeBracedLaunchArgs).
  std::map<std::string, std::string> mapped;
  for (const auto &[path, text] : opts.overlays) {
    llvm::SmallString<256> p(path);
    llvm::sys::fs::make_absolute(p);
    llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
    mapped[std::string(p)] = text;
  }
  for (auto &[path, text] : mapped)
    if (std::optional<std::string> bridged = bridgeBracedLaunchArgs(text)) text = std::move(*bridged);
  // (Files on disk are mapped only when the bridge changes them.)
  for (const std::string &f : absFiles)
    if (auto buf = llvm::MemoryBuffer::getFile(f); buf && !mapped.count(f))
      if (std::optional<std::string> bridged = bridgeBracedLaunchArgs(std::string((*buf)->getBuffer())))
        mapped[f] = std::move(*bridged);
  for (const auto &[path, text] : mapped) tool.mapVirtualFile(path, text);
  Factory factory(out, opts, displayNames);
  int rc = tool.run(&factory);
  out.parseSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out.ok = rc == 0 && diagnostics.getNumErrors() == 0;
  if (!out.ok && out.error.empty())
    out.error = diagnostics.getNumErrors() ? "the CUDA source could not be parsed (Clang's errors above)"
                : fromDb ? "Clang did not parse the file: compile_commands.json has no command for it"
                         : "the CUDA source could not be parsed";
  return out;
}

}  // namespace syncproof::frontend
