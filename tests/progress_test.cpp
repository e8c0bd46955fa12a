// The progress run of concrete threads (checker/progress.h) with barrier
// instances, and the polling-loop pass (model/polling.h), on hand-built
// steps and models.
#include "checker/progress.h"
#include "model/polling.h"

#include <gtest/gtest.h>

using namespace syncproof;
using checker::Progress;
using checker::ProgressStep;
using checker::ProgressThread;
using model::Expr;
using model::Op;
using model::Stmt;
using model::StmtRef;

namespace {

const Stmt &dummy() {
  static StmtRef s = Stmt::make(Stmt::Kind::Barrier, {"k.cu", 1, 1});
  return *s;
}

ProgressStep barrier(int64_t instance, bool arriveOnly = false) {
  ProgressStep st;
  st.kind = ProgressStep::Barrier;
  st.s = &dummy();
  st.barrier = instance;
  st.arriveOnly = arriveOnly;
  return st;
}

ProgressStep arrive(uint64_t phase) {
  ProgressStep st;
  st.kind = ProgressStep::Arrive;
  st.s = &dummy();
  st.obj = {0, 1, 0};
  st.phase = phase;
  st.count = 1;
  return st;
}

ProgressStep waitFor(uint64_t phase) {
  ProgressStep st = arrive(phase);
  st.kind = ProgressStep::MbarWait;
  st.count = 0;
  return st;
}

ProgressThread pthread(uint64_t id, std::vector<ProgressStep> steps) { return {-1, id, std::move(steps), ""}; }

}  // namespace

TEST(Progress, AnInstanceReleasesWhenAllItsThreadsReachedIt) {
  std::vector<ProgressThread> t = {pthread(0, {barrier(-1)}), pthread(1, {barrier(-1)})};
  Progress pr = checker::runProgress(t, {});
  EXPECT_FALSE(pr.blocked(0, t));
  EXPECT_FALSE(pr.blocked(1, t));
}

TEST(Progress, TwoInstancesInOppositeOrdersBlockBothThreads) {
  std::vector<ProgressThread> t = {pthread(0, {barrier(-1), barrier(-2)}), pthread(1, {barrier(-2), barrier(-1)})};
  Progress pr = checker::runProgress(t, {});
  EXPECT_TRUE(pr.blocked(0, t));
  EXPECT_TRUE(pr.blocked(1, t));
  EXPECT_EQ(pr.at[0], 0u);
  EXPECT_EQ(pr.at[1], 0u);
}

TEST(Progress, AnArrivalOnlyCountsWithoutWaiting) {
  // Thread 0 arrives at the instance (bar.arrive) and goes on to the
  // mbarrier arrival that thread 1 waits for before its bar.sync of the same
  // instance. Were the arrival a wait, both would be blocked.
  std::vector<ProgressThread> t = {pthread(0, {barrier(-1, true), arrive(0)}), pthread(1, {waitFor(0), barrier(-1)})};
  Progress pr = checker::runProgress(t, {{{0, 1, 0}, 1}});
  EXPECT_FALSE(pr.blocked(0, t));
  EXPECT_FALSE(pr.blocked(1, t));
}

TEST(Progress, AWaitBeforeTheBarrierItsArrivalFollowsIsACycle) {
  // Thread 0 waits for phase 0 before the barrier; thread 1 arrives on the
  // mbarrier only after the barrier: both stay blocked.
  std::vector<ProgressThread> t = {pthread(0, {waitFor(0), barrier(-1)}), pthread(1, {barrier(-1), arrive(0)})};
  Progress pr = checker::runProgress(t, {{{0, 1, 0}, 1}});
  EXPECT_TRUE(pr.blocked(0, t));
  EXPECT_TRUE(pr.blocked(1, t));
  std::string why = checker::owedBy(t, pr, -1, t[0].steps[0], [](const checker::SyncObject &) { return "full"; });
  EXPECT_NE(why.find("its arrivals include thread 1"), std::string::npos) << why;
  why = checker::owedBy(t, pr, -1, t[1].steps[0], [](const checker::SyncObject &) { return "full"; });
  EXPECT_NE(why.find("its participants include thread 0"), std::string::npos) << why;
}

namespace {

// { flag region written by `writeAfter` or not; while (load(flag) == 0) { [write other] } }
struct PollKernel {
  model::Kernel k;
  StmtRef loop;
  PollKernel(model::AddressSpace space, bool writerAfterLoop, bool claimInLoop = false) {
    k.name = k.displayName = "k";
    model::Region flag;
    flag.id = 0; flag.name = "flag"; flag.space = space; flag.sizeBytes = 4;
    k.regions = {flag};
    k.vars.push_back({"v", 32, true, {}});
    k.body = Stmt::make(Stmt::Kind::Block, {});
    k.body->label = k.nextLabel++;
    auto outer = Stmt::make(Stmt::Kind::Block, {});
    outer->label = k.nextLabel++;
    loop = Stmt::make(Stmt::Kind::Loop, {"k.cu", 3, 1});
    loop->breakLabel = outer->label;
    loop->body = Stmt::make(Stmt::Kind::Block, {});
    loop->body->label = k.nextLabel++;
    loop->step = Stmt::make(Stmt::Kind::Block, {});
    auto load = Stmt::make(Stmt::Kind::Access, {"k.cu", 3, 8});
    load->region = 0; load->offset = Expr::constant(0, 64); load->size = 4; load->text = "flag";
    if (claimInLoop) {
      load->access = model::AccessKind::Atomic; load->updateKind = "add"; load->operand = Expr::constant(1, 32);
      load->resultVar = 0;
      loop->cond = Expr::binary(Op::SLt, Expr::var(0, 32), Expr::constant(100, 32));
    } else {
      load->access = model::AccessKind::Read; load->loadedHavoc = k.nextHavoc;
      loop->cond = Expr::binary(Op::Eq, Expr::havoc(k.nextHavoc++, 32, "flag"), Expr::constant(0, 32));
    }
    loop->step->stmts.push_back(load);
    outer->stmts.push_back(loop);
    k.body->stmts.push_back(outer);
    if (writerAfterLoop) {
      auto w = Stmt::make(Stmt::Kind::Access, {"k.cu", 5, 1});
      w->region = 0; w->offset = Expr::constant(0, 64); w->size = 4; w->access = model::AccessKind::Write;
      k.body->stmts.push_back(w);
    }
  }
  size_t unknowns() const {
    size_t n = 0;
    model::forEachStmt(*k.body, [&](const Stmt &s) { n += s.kind == Stmt::Kind::Unknown; });
    return n;
  }
};

}  // namespace

TEST(Polling, ALoopThatReReadsAWrittenLocationIsMarked) {
  PollKernel g(model::AddressSpace::Global, true);
  EXPECT_EQ(model::markPollingLoops(g.k), 1u);
  EXPECT_EQ(g.unknowns(), 1u);
  PollKernel s(model::AddressSpace::Shared, true);
  EXPECT_EQ(model::markPollingLoops(s.k), 1u);
}

TEST(Polling, MemoryNothingElseWritesAndClaimsAreNotPolls) {
  PollKernel readOnly(model::AddressSpace::Global, false);
  EXPECT_EQ(model::markPollingLoops(readOnly.k), 0u);
  PollKernel claims(model::AddressSpace::Global, true, /*claimInLoop=*/true);
  EXPECT_EQ(model::markPollingLoops(claims.k), 0u);
}

// The reason of the Unknown markPollingLoops put in `k` ("" when none).
static std::string markedReason(const model::Kernel &k) {
  std::string r;
  model::forEachStmt(*k.body, [&](const Stmt &s) {
    if (s.kind == Stmt::Kind::Unknown) r = s.reason;
  });
  return r;
}

TEST(Polling, ASharedWriteBeforeABarrierIsAnInitialisation) {
  // { flag = 0; __syncthreads(); while (flag == 0) {} }: nothing writes the
  // flag while the loop runs, so the loop decides once: it leaves at once or
  // never (a hang here), which is not checked.
  PollKernel s(model::AddressSpace::Shared, false);
  auto w = Stmt::make(Stmt::Kind::Access, {"k.cu", 1, 1});
  w->region = 0; w->offset = Expr::constant(0, 64); w->size = 4; w->access = model::AccessKind::Write;
  auto bar = Stmt::make(Stmt::Kind::Barrier, {"k.cu", 2, 1});
  s.k.body->stmts.insert(s.k.body->stmts.begin(), {w, bar});
  EXPECT_EQ(model::markPollingLoops(s.k), 1u);
  EXPECT_NE(markedReason(s.k).find("which nothing else writes while it runs"), std::string::npos) << markedReason(s.k);
  // Without the barrier, the write may come while the loop runs: a poll.
  PollKernel s2(model::AddressSpace::Shared, false);
  s2.k.body->stmts.insert(s2.k.body->stmts.begin(), w);
  EXPECT_EQ(model::markPollingLoops(s2.k), 1u);
  EXPECT_NE(markedReason(s2.k).find("which other threads write"), std::string::npos) << markedReason(s2.k);
}
