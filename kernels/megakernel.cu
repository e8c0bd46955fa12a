// megakernel.cu — one persistent launch per decode token (Llama-3.2-1B shape, batch 1).
//
// Grid: one CTA per SM (cooperative launch: co-residency is guaranteed). Block: 9 warps.
//   warp 8, lane 0  = loader: walks this SM's instruction list and streams every weight
//                     page (16 KiB) into a ring of NPAGES shared-memory pages with
//                     cp.async.bulk, completing on the page's `full` mbarrier. It waits only
//                     for the page's `empty` mbarrier (the consumer released it), never for a
//                     data dependency: weights are constants, so it runs ahead across ops and
//                     layers by up to NPAGES pages, with at most MK_INFLIGHT (4) copies in flight: it
//                     issues copy g after copy g-4's full phase; and (MK_RELGATE, default since run 15)
//                     it issues no page of a later instruction while the consumers are in the epilogue
//                     and release of a signalling instruction (a release's fence is held up by the SM's
//                     bulk copies issued just before and during it: NOTES.md attempts 14-15).
//   warps 0..7      = consumers: for each instruction, wait for its dependency counter
//                     (thread 0 spins with ld.acquire.gpu, then named barrier 1), load the
//                     input vector (each thread keeps its own columns in registers), then
//                     every consumer thread waits for every page, multiplies its column
//                     slice and arrives on the page's `empty` barrier; named barrier;
//                     epilogue stores; named barrier; thread 0 signals with red.release.gpu.
//
// Synchronization, all of it (see docs/megakernel.md):
//   cross-SM:  counters[counter_id(layer, op) * CTR_STRIDE]; producer: writes;
//              bar.sync 1,256; thread 0: red.release.gpu.global.add.u32 +1. Consumer:
//              thread 0: target = epoch * count, base = target - count (u32, mod 2^32);
//              while (ld_acquire(&counters[c * CTR_STRIDE]) - base < count) {};  (unsigned)
//              bar.sync 1,256. Counters are never reset between launches: launch `epoch`
//              (1, 2, ...) waits for epoch*count (the host zeroes them for a new schedule).
//              The test is wrap-safe (attempts 25, 26): every launch adds exactly `count` to the
//              counter (validate_schedule) and launches are stream-ordered, so at the start of
//              launch `epoch` the counter is base = (epoch-1)*count mod 2^32 and during it in
//              [base, target]: counter - base (mod 2^32) is this launch's signals, at every epoch.
//              The old `counter < target` passed at once at the launch where epoch*count first
//              wraps past 2^32 (epoch 32,537,632 for 132-signal counters). (MK_WAITCMP selects the
//              form: 7 = the above, default; 1 = (int)(counter - target) < 0; 0, the old test, is
//              kept for timing comparisons only.)
//   pages:     full[s]  (count 1: the loader's arrive.expect_tx, + the tx bytes of its copy;
//                        a plain arrive when an attention chunk has nothing to copy)
//              empty[s] (count 256: every consumer thread, after its own reads of the page)
//              use k of slot s (k = gp / NPAGES): full phase k, empty phase k; every
//              consumer thread waits every use of every slot in order.
//   split-K O-proj (MK_OSPLIT, default since run 16): ATTN(l, g) signals its KV head's counter; the O-proj of
//              head g acquires that one, merges g's partials, adds its partial rows into h_mid[l] with
//              red.relaxed.gpu.add.f32 (before its publish barrier and release); QKV(l) zeroes h_mid[l] before
//              its own release (ordered before the adds through QKV -> ATTN -> O-proj).
//   in-CTA:    bar.sync 1, 256 among the 8 consumer warps only (the loader never joins);
//              each warp stores its partial output rows into its own slot (MK_NOATOM, the
//              default; MK_NOATOM=0: atomicAdd into out[]), read by the epilogue after a barrier.
// Every activation buffer is written at most once per launch (per-layer buffers), so
// no buffer is reused inside a launch: there is no write-after-read hazard to order.
#include <cuda_runtime.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include "megakernel.h"

namespace mk {

#ifndef MK_GROUP
#define MK_GROUP 1  // pages per ring synchronization group: 2, 3, 4 measured slower (NOTES.md attempt 8)
#endif
#ifndef MK_ORES
#define MK_ORES 0  // attempt 24: split-K O-proj of KV head 0: residual loaded after the wait, not in the epilogue
#endif
#ifndef MK_EPI_OPT
#define MK_EPI_OPT 0  // residuals of OPROJ/DOWN loaded before the pages: measured no faster (attempt 8)
#endif
#ifndef MK_LSE2
#define MK_LSE2 0  // attempt 14: O-proj LSE merge online in groups of 4 chunks (one round trip per group)
#endif
#ifndef MK_POLL2
#define MK_POLL2 0  // attempt 14: > 0: two counter polls in flight, MK_POLL2 cycles apart
#endif
#ifndef MK_LSE_OPT
#define MK_LSE_OPT 0  // LSE merge loads issued at once (nchunks <= 8): spills, measured slower (attempt 8)
#endif
#ifndef MK_NOATOM
#define MK_NOATOM 1  // no shared-memory atomics in the page loop: each warp stores its partial rows in its
                     // own slot, summed once in the epilogue. 0: the old atomics (NOTES.md attempt 9)
#endif
static_assert(MK_NPAGES % MK_GROUP == 0, "the ring must hold a whole number of page groups");
#ifndef MK_LMDYN
#define MK_LMDYN 0  // > 0: LM-head pages claimed dynamically, MK_LMDYN per claim: no faster, timed only (attempt 10)
#endif
static_assert(MK_LMDYN == 0 || MK_GROUP == 1, "the dynamic LM head needs one barrier pair per page");
static_assert(MK_LMDYN == 0 || MK_CTR_STRIDE >= 2, "the LM-head ticket (u64) needs two counter words");
static_assert(MK_FUSED_AO == 0 || (MK_GROUP == 1 && MK_NOATOM), "the fused attention + O-proj needs MK_GROUP 1, MK_NOATOM");

// ------------------------------------------------------------------ PTX helpers
__device__ __forceinline__ unsigned ld_acquire(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
// Wrap-safe "counter has not reached target" (attempt 25): counters and targets are u32 taken mod 2^32, and a
// waiter's counter is never more than wait_count (< 2^31) below its target, so the signed difference decides.
__device__ __forceinline__ bool ctr_below(unsigned v, unsigned target) { return (int)(v - target) < 0; }
#ifndef MK_WAITCMP
// The counter wait's test (attempts 25, 26). 7 (default since attempt 26) = (counter - base) < count unsigned,
// base = target - count: SASS = form 0's + 3 integer adds in the wait (no rescheduling), +1.4 us per token against 0,
// -0.7 us against 1 (run 26). 1 = ctr_below in C (attempt 25's default); 2 = ld.acquire and the subtraction in one
// asm (SASS identical to 1); 3 = ld.acquire, the target's product and the subtraction in one asm: 1-3 measured
// +2.0 to +2.2 us against 0 (ptxas reschedules the input / attention / O-proj code around them). 4 (__noinline__
// wait, +3.6 us against 0), 5 (the loop in one asm with a poll count, +4.5), 6 (the same without a poll count, so
// no watchdog, +2.7): run 26, slower than 1. All of 1-7 are wrap-safe. 0 = the old `counter < target`: NOT
// wrap-safe (wrong at epoch 32,537,632), kept for timing comparisons only.
#define MK_WAITCMP 7
#endif
// MK_WAITCMP 2: counter - target from one asm block.
__device__ __forceinline__ int ld_acquire_minus(const unsigned* p, unsigned target) {
  int d;
  asm volatile("{\n\t.reg .u32 v;\n\tld.acquire.gpu.global.u32 v, [%1];\n\tsub.u32 %0, v, %2;\n\t}"
               : "=r"(d) : "l"(p), "r"(target) : "memory");
  return d;
}
// MK_WAITCMP 3: the same with the target's product in the asm too (no target register live across the loop).
__device__ __forceinline__ int ld_acquire_minus_prod(const unsigned* p, unsigned epoch, unsigned count) {
  int d;
  asm volatile("{\n\t.reg .u32 v, t;\n\tld.acquire.gpu.global.u32 v, [%1];\n\tmul.lo.u32 t, %2, %3;\n\t"
               "sub.u32 %0, v, t;\n\t}"
               : "=r"(d) : "l"(p), "r"(epoch), "r"(count) : "memory");
  return d;
}
// attempt 26: other wrap-safe forms, looking for one that gets HEAD's schedule back (7, the default, did; 4-6 are
// slower than 1 and kept only to reproduce run26.sh).
// MK_WAITCMP 4: the whole wait loop (thread 0) in a __noinline__ function.
__device__ __forceinline__ void watchdog(unsigned& spins, const char* what, int a, int b);
__device__ __noinline__ void counter_wait_call(const unsigned* cp, unsigned target, int ctr) {
  unsigned spins = 0;
  while (ctr_below(ld_acquire(cp), target)) {
    watchdog(spins, "counter wait", ctr, (int)target);
#if MK_SPIN_NS
    __nanosleep(MK_SPIN_NS);
#endif
  }
}
// MK_WAITCMP 5: the whole loop in one asm (ld.acquire, sub, setp.ge.s32, branch), at most 2^26 polls: returns
// the polls left when the counter reached the target, 0 if it gave up (the caller's watchdog then fires).
__device__ __forceinline__ unsigned ctr_wait_asm(const unsigned* cp, unsigned target) {
  unsigned left;
  asm volatile("{\n\t.reg .pred p;\n\t.reg .u32 v, d;\n\tmov.u32 %0, %3;\n"
               "MKW_LOOP:\n\tld.acquire.gpu.global.u32 v, [%1];\n\tsub.u32 d, v, %2;\n\t"
               "setp.ge.s32 p, d, 0;\n\t@p bra.uni MKW_DONE;\n\tsub.u32 %0, %0, 1;\n\t"
               "setp.ne.u32 p, %0, 0;\n\t@p bra.uni MKW_LOOP;\n"
               "MKW_DONE:\n\t}"
               : "=r"(left) : "l"(cp), "r"(target), "n"(1 << 26) : "memory");
  return left;
}
// MK_WAITCMP 6: the same loop without a poll count (no watchdog).
__device__ __forceinline__ void ctr_wait_asm_nowd(const unsigned* cp, unsigned target) {
  asm volatile("{\n\t.reg .pred p;\n\t.reg .u32 v, d;\n"
               "MKW_LOOP:\n\tld.acquire.gpu.global.u32 v, [%0];\n\tsub.u32 d, v, %1;\n\t"
               "setp.lt.s32 p, d, 0;\n\t@p bra.uni MKW_LOOP;\n\t}"
               :: "l"(cp), "r"(target) : "memory");
}
__device__ __forceinline__ void red_release(unsigned* p, unsigned v) {
  asm volatile("red.release.gpu.global.add.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
// The producer's signal (attempt 14, MK_REL_MODE): 0 = red.release.gpu (SASS: MEMBAR.ALL.CTA, MEMBAR.ALL.GPU,
// ERRBAR, CGAERRBAR, REDG); 1 = fence.release.gpu + red.relaxed.gpu; 2 = fence.acq_rel.gpu + red.relaxed.gpu.
// 1 and 2 are release patterns of the PTX memory model (a release or acquire-release fence followed by a
// strong write on M in program order), so the consumer's ld.acquire that reads the sum synchronizes with them.
#ifndef MK_REL_MODE
#define MK_REL_MODE 0
#endif
__device__ __forceinline__ void signal_release(unsigned* p, unsigned v) {
#if MK_REL_MODE == 1
  asm volatile("fence.release.gpu;\n\tred.relaxed.gpu.global.add.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
#elif MK_REL_MODE == 2
  asm volatile("fence.acq_rel.gpu;\n\tred.relaxed.gpu.global.add.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
#else
  red_release(p, v);
#endif
}
// MK_REL_HOLD (diagnosis only, attempt 14): the loader issues no page of instruction i before the consumers
// have published instruction i-1 (a shared flag), so no bulk copy is in flight during a release.
#ifndef MK_REL_HOLD
#define MK_REL_HOLD 0
#endif
// MK_INFLIGHT=K (attempt 14): the loader keeps at most K bulk copies in flight (0: up to NPAGES). Run 14b found
// that a release (the fence of red.release.gpu) waits for the SM's own in-flight bulk copies: 3.9 us after
// gate/up with the ring streaming, 0.4 us when no copy is in flight (MK_REL_HOLD).
#ifndef MK_INFLIGHT
#define MK_INFLIGHT 4  // 3 since run 14c/d (0.726 vs 0.766 ms at KV 512); 4 with MK_RELGATE since run 15b; 0 = up to NPAGES
#endif
static_assert(MK_INFLIGHT == 0 || (MK_GROUP == 1 && MK_LMDYN == 0 && MK_INFLIGHT < MK_NPAGES),
              "MK_INFLIGHT needs one barrier pair per page, the static LM head, and fewer than NPAGES");
// MK_INFLIGHT2=K2 (attempt 15): pages q >= NPAGES of an instruction are issued with at most K2 copies in flight
// (0: no limit) instead of MK_INFLIGHT. When the loader issues such a page, every consumer thread has finished
// page q - NPAGES of the same instruction, so thread 0 has done every earlier release, and the next release
// (of this instruction) comes after all of this instruction's pages have landed: such a copy can never be in
// flight during a release. -1: off (MK_INFLIGHT for every page).
#ifndef MK_INFLIGHT2
#define MK_INFLIGHT2 -1
#endif
static_assert(MK_INFLIGHT2 < 0 || (MK_INFLIGHT > 0 && MK_INFLIGHT2 < MK_NPAGES), "MK_INFLIGHT2 refines MK_INFLIGHT");
// MK_RELGATE (attempt 15): time the loader's issue so that a release finds (almost) no copy in flight. A gated
// instruction i (one that signals and has pages) has its release followed, on consumer thread 0, by an arrive
// on gate[n % GATES] (n = i's number among the gated instructions). Before issuing a page of an instruction
// j > i the loader waits for that gate phase (an extra wait only: no page or counter wait is skipped) when
//   * the page lies more than MK_RELGATE_A pages beyond i's last page (the ring-full case), or
//   * (MK_RELGATE_D >= 0) every consumer has finished page last(i) - MK_RELGATE_D of i (its empty phase, read
//     with mbarrier.test_wait: the consumers are inside the window before i's release).
// Copies of i's own pages are never held back (the loader holds only pages of later instructions), so the
// consumers can always finish i and arrive: no deadlock. Gate phases: the loader never issues a page more than
// A pages beyond last(i) before it has passed i's gate, so the consumers can be at most A gated instructions
// (each has >= 1 page) ahead of the gate the loader waits on: GATES > A + 1 barriers rule out parity aliasing.
#ifndef MK_RELGATE
#define MK_RELGATE 1  // default since run 15b (with D = 0, K = 4: 0.6676 vs 0.7220 ms at KV 512)
#endif
#ifndef MK_RELGATE_A
#define MK_RELGATE_A 12  // >= 12: the A-rule never holds anything (page last(i) + 13 needs every consumer past the
                         // first page after i, so thread 0 has released i and arrived); 11 holds page last(i) + 12
#endif
#ifndef MK_RELGATE_D
#define MK_RELGATE_D 0  // run 15: D = 0 (window = epilogue + release) beat 1, 2, 3, 5 and the release-only window
#endif
// MK_RELGATE_PRE=1 (run 15b): the window opens when consumer thread 0 has passed the publish barrier, just before
// its red.release (an arrive on win[n % GATES], read by the loader with mbarrier.test_wait), instead of at page
// last(i) - D: the loader holds later pages only while the release itself runs. Same parity bound as the gates.
#ifndef MK_RELGATE_PRE
#define MK_RELGATE_PRE 0
#endif
// MK_RELGATE_NOGU=1 (attempt 16): gate/up instructions are not gated (the down pages keep streaming during
// gate/up's epilogue and release; run 15b's trace: the pause cost the down op 0.350 vs 0.303 us per page).
// The loader and consumer thread 0 use the same predicate (gated()), so gate phases still pair up.
#ifndef MK_RELGATE_NOGU
#define MK_RELGATE_NOGU 0
#endif
constexpr int GATES = 16;
static_assert(MK_RELGATE == 0 || (MK_GROUP == 1 && MK_LMDYN == 0 && !MK_SIGWARP && MK_RELGATE_A >= 0 &&
                                  MK_RELGATE_A + 1 < GATES),
              "MK_RELGATE needs one barrier pair per page, the static LM head, no signal warp, 0 <= A < GATES - 1");
__device__ __forceinline__ bool gated(const Instr& in, int np) {
  return in.signal_ctr >= 0 && np > 0 && !(MK_RELGATE_NOGU && in.op == OP_GATEUP);
}
// MK_OSPLIT: a split-K O-proj instruction adds its partial rows into h_mid (relaxed reduction at L2; ordered
// before the instruction's red.release by the publish barrier and the release's fence).
__device__ __forceinline__ void red_add_f32(float* p, float v) {
  asm volatile("red.relaxed.gpu.global.add.f32 [%0], %1;" ::"l"(p), "f"(v) : "memory");
}
#if MK_SSQ
__device__ __forceinline__ float* ssq_ptr(const Params& p, int l) { return p.ssq + l * 32; }  // one 128-B line each
#else
__device__ __forceinline__ float* ssq_ptr(const Params&, int) { return nullptr; }
#endif
#if MK_QTAG
// attempt 17: tagged words (payload in the low 32 bits, the launch's epoch in the high 32). A naturally aligned
// 64-bit strong access is single-copy atomic, so a word read with the current epoch carries this launch's payload.
__device__ __forceinline__ unsigned long long ld_relaxed_u64(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ unsigned long long ld_acquire_u64(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.acquire.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void st_relaxed_u64(unsigned long long* p, unsigned long long v) {
  asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}
__device__ __forceinline__ void fence_acq_rel_gpu() { asm volatile("fence.acq_rel.gpu;" ::: "memory"); }
__device__ __forceinline__ void red_relaxed_u32(unsigned* p, unsigned v) {
  asm volatile("red.relaxed.gpu.global.add.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
#endif
#if MK_HZERO
static_assert(MK_OSPLIT && !MK_FUSED_AO && F / 4 == D, "MK_HZERO: gate/up unit u zeroes h_mid row u");
#endif
// Work distribution only (no data is published through it): a relaxed atomic ticket.
__device__ __forceinline__ unsigned long long atom_add_relaxed_u64(unsigned long long* p, unsigned long long v) {
  unsigned long long old;
  asm volatile("atom.relaxed.gpu.global.add.u64 %0, [%1], %2;" : "=l"(old) : "l"(p), "l"(v) : "memory");
  return old;
}
__device__ __forceinline__ void consumer_bar() {
  asm volatile("bar.sync 1, 256;" ::: "memory");
}
__device__ __forceinline__ uint32_t smem_addr(const void* p) {
  return (uint32_t)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void mbar_init(uint64_t* bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_addr(bar)), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_arrive_expect_tx(uint64_t* bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem_addr(bar)), "r"(bytes)
               : "memory");
}
__device__ __forceinline__ void mbar_arrive(uint64_t* bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_addr(bar)) : "memory");
}
// non-blocking: has the phase with this parity completed? (attempt 15: the loader reads the consumers' progress)
__device__ __forceinline__ bool mbar_test_wait(uint64_t* bar, unsigned parity) {
  unsigned ok;
  asm volatile(
      "{\n"
      ".reg .pred P1;\n"
      "mbarrier.test_wait.parity.shared::cta.b64 P1, [%1], %2;\n"
      "selp.u32 %0, 1, 0, P1;\n"
      "}\n"
      : "=r"(ok)
      : "r"(smem_addr(bar)), "r"(parity)
      : "memory");
  return ok != 0;
}
__device__ __forceinline__ bool mbar_try_wait(uint64_t* bar, unsigned parity) {
  unsigned ok;
  asm volatile(
      "{\n"
      ".reg .pred P1;\n"
      "mbarrier.try_wait.parity.shared::cta.b64 P1, [%1], %2;\n"
      "selp.u32 %0, 1, 0, P1;\n"
      "}\n"
      : "=r"(ok)
      : "r"(smem_addr(bar)), "r"(parity)
      : "memory");
  return ok != 0;
}
// Watchdog (MK_WATCHDOG, on by default): a wait that spins ~2^26 times reports and traps
// instead of hanging the GPU. It changes no ordering: the loops still exit only on success.
// MK_GUARD (attempt 27, bits): 1 = trap on an instruction list longer than s.ins (n_ins is then
// bounded for the proof, docs/megakernel-proof-plan.md stage 3); 2 = trap on words outside
// instr_in_bounds (megakernel.h) in the staging pass; 4 = the same at each use (loader, gate scan,
// consumers). 2 and 4 only perturb ptxas's schedule of the whole kernel, but that costs: the
// word bounds the proof needs come from the contract instead (stage 6), checked on the host.
#ifndef MK_GUARD
#define MK_GUARD 1  // the n_ins bound only: free (run 27: 0.6473 vs 0.6475 ms at KV 512); bits 2 and 4 cost 3.1% and 5.4%
#endif
#ifndef MK_WATCHDOG
#define MK_WATCHDOG 1
#endif
__device__ __forceinline__ void watchdog(unsigned& spins, const char* what, int a, int b) {
#if MK_WATCHDOG
  if (++spins == (1u << 26)) {
    printf("megakernel watchdog: block %d thread %d stuck in %s (%d, %d)\n", (int)blockIdx.x,
           (int)threadIdx.x, what, a, b);
    __trap();
  }
#endif
}
__device__ __forceinline__ void mbar_wait(uint64_t* bar, unsigned parity) {
  unsigned spins = 0;
  while (!mbar_try_wait(bar, parity)) watchdog(spins, "mbarrier wait", (int)parity, 0);
}
// Page groups: pages gp of this SM's sequence are grouped G = MK_GROUP at a time (group gg = gp / G,
// barrier pair b = gg % NGROUPS, use k = gg / NGROUPS, slots b*G .. b*G+G-1 = gp % NPAGES). One
// full barrier (the loader: expect_tx per copy, one arrive after the group's last copy) and one
// empty barrier (every consumer thread arrives once, after its reads of all pages of the group)
// per group: G times fewer mbarrier operations per page. The last group of a launch may be short.
constexpr int GROUP = MK_GROUP;
constexpr int NGROUPS = MK_NPAGES / MK_GROUP;
__device__ __forceinline__ void mbar_expect_tx(uint64_t* bar, unsigned bytes) {
  asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(smem_addr(bar)), "r"(bytes) : "memory");
}
// consumer thread: before reading page gp (waits for the whole group at its first page)
__device__ __forceinline__ void page_acquire(uint64_t* full, int gp) {
  if (gp % GROUP == 0) {
    const int gg = gp / GROUP;
    mbar_wait(&full[gg % NGROUPS], (gg / NGROUPS) & 1);
  }
}
// Attempt 20 switches (all off by default; see NOTES.md attempt 20):
// MK_BARLITE (candidate fix) bits: 1 = one arrive per warp on a page's empty barrier (every lane's reads of the page
//   precede __syncwarp, then lane 0 arrives; the empty barrier counts NCONS_WARPS arrivals instead of NCONS);
//   2 = in the QKV and split-K O-proj page loops each thread probes (mbarrier.test_wait, an acquire when it returns
//   true) the next page's full barrier before the current page's butterfly, and skips its blocking wait for that page
//   when the probe succeeded (the wait's latency leaves the per-page chain; a page not yet landed is waited for as
//   before, at the top of its own step, so no page is waited for ahead of time).
// MK_DBL (diagnosis only) bits: 2 = every consumer thread arrives twice on a page's empty barrier (count doubled),
//   after its last read: doubles the arrival traffic per page.
// MK_PRELAND (diagnosis only) bits: 1 = QKV, 2 = split-K O-proj: every consumer thread waits for all pages of the
//   instruction (np <= NPAGES) before its pages phase (the trace's "input" stamp is taken after that wait); 4 = the
//   page loop then skips its per-page waits for those pages (this thread has already acquired each of them).
// MK_DIAG (with MK_TRACE): thread 0 records per instruction the pages landed at input-ready, the pages ready when
//   reached, its stall and its wait latency in the page loop, the per-page wait-return stamps (first 8 pages), the
//   MK_PAIR groups formed, into a second per-SM trace region (runner: diag_kv*_m*.bin; diag_report.py).
#ifndef MK_BARLITE
#define MK_BARLITE 0
#endif
#ifndef MK_DBL
#define MK_DBL 0
#endif
#ifndef MK_PRELAND
#define MK_PRELAND 0
#endif
#ifndef MK_DIAG
#define MK_DIAG 0
#endif
static_assert(!(MK_BARLITE & 1) || !(MK_DBL & 2), "MK_BARLITE bit 1 and MK_DBL bit 2 both change the empty count");
static_assert(MK_BARLITE == 0 || (MK_GROUP == 1), "MK_BARLITE: one barrier pair per page");
constexpr unsigned EMPTY_COUNT = ((MK_BARLITE & 1) ? NCONS_WARPS : NCONS) * ((MK_DBL & 2) ? 2 : 1);
// consumer thread: after its reads of page gp (arrives at the group's last page, or the SM's last)
__device__ __forceinline__ void page_release(uint64_t* empty, int gp, int total_pages) {
  if (gp % GROUP == GROUP - 1 || gp == total_pages - 1) {
#if MK_BARLITE & 1
    __syncwarp();  // every lane's reads of the page (their values already consumed) precede lane 0's arrive
    if ((threadIdx.x & 31) == 0) mbar_arrive(&empty[(gp / GROUP) % NGROUPS]);
#else
    mbar_arrive(&empty[(gp / GROUP) % NGROUPS]);
#if MK_DBL & 2
    mbar_arrive(&empty[(gp / GROUP) % NGROUPS]);
#endif
#endif
  }
}

#ifndef MK_EVICT_FIRST
#define MK_EVICT_FIRST 0
#endif
__device__ __forceinline__ void bulk_copy_g2s(void* dst, const void* src, unsigned bytes, uint64_t* bar) {
#if MK_EVICT_FIRST  // weights are read once per token: ask L2 to evict them first
  uint64_t pol;
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(pol));
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1], %2, [%3], %4;" ::"r"(
          smem_addr(dst)),
      "l"(src), "r"(bytes), "r"(smem_addr(bar)), "l"(pol)
      : "memory");
  return;
#endif
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
          smem_addr(dst)),
      "l"(src), "r"(bytes), "r"(smem_addr(bar))
      : "memory");
}

// L2 prefetch of a page that the ring will copy later (a hint: no data is consumed from it,
// no ordering is implied; weights are constants, K/V of old positions were written by
// earlier launches).
__device__ __forceinline__ void bulk_prefetch_l2(const void* src, unsigned bytes) {
  asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(src), "r"(bytes) : "memory");
}
#ifndef MK_L2_PREFETCH
#define MK_L2_PREFETCH 0  // pages prefetched into L2 beyond the ring (0: off). Measured slower: NOTES.md attempt 7
#endif
#ifndef MK_PROLOGUE_OPT
#define MK_PROLOGUE_OPT 0  // RoPE sin/cos before the wait, one barrier less per RMSNorm op: no faster (attempts 7, 8)
#endif
#ifndef MK_TRACE
#define MK_TRACE 0  // per-instruction clock64 stamps into p.trace (timing analysis only)
#endif
static_assert(MK_DIAG == 0 || MK_TRACE, "MK_DIAG writes into the trace buffer");
[[maybe_unused]] constexpr int TRACE_PER_SM = MAX_SM_INSTRS * 8 + 8;  // u64 words (runner.cu: kTracePerSm)
__device__ __forceinline__ unsigned long long gtimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// ------------------------------------------------------------------ math helpers
__device__ __forceinline__ float bf2f(uint16_t b) { return __uint_as_float(((unsigned)b) << 16); }
__device__ __forceinline__ uint16_t f2bf(float f) {  // round to nearest even
  unsigned u = __float_as_uint(f);
  if ((u & 0x7f800000u) == 0x7f800000u) return (uint16_t)(u >> 16);  // inf / nan
  u += 0x7fffu + ((u >> 16) & 1u);
  return (uint16_t)(u >> 16);
}
__device__ __forceinline__ float dot8(uint4 w, float4 a, float4 b) {
  float s = __uint_as_float(w.x << 16) * a.x;
  s = fmaf(__uint_as_float(w.x & 0xffff0000u), a.y, s);
  s = fmaf(__uint_as_float(w.y << 16), a.z, s);
  s = fmaf(__uint_as_float(w.y & 0xffff0000u), a.w, s);
  s = fmaf(__uint_as_float(w.z << 16), b.x, s);
  s = fmaf(__uint_as_float(w.z & 0xffff0000u), b.y, s);
  s = fmaf(__uint_as_float(w.w << 16), b.z, s);
  s = fmaf(__uint_as_float(w.w & 0xffff0000u), b.w, s);
  return s;
}
__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
__device__ __forceinline__ float warp_max(float v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}

// x is stored in shared memory split in two halves so that lane i's 16-byte reads of
// columns [8j, 8j+4) and [8j+4, 8j+8) are consecutive across lanes (no bank conflicts):
// xlo[j] = x[8j..8j+3], xhi[j] = x[8j+4..8j+7]; xhi starts at float offset K/2.

// Shared-memory layout (dynamic).
struct Smem {
  uint8_t* pages;   // NPAGES * PAGE_BYTES
  float* xs;        // SCRATCH_FLOATS: attention scratch
  float* out;       // MAX_OUT floats (GEMV results of the current instruction)
  float* slot;      // MK_NOATOM: [NCONS_WARPS][SLOT_ROWS] per-warp partial rows (aliases xs)
  float* red;       // 64 floats (block reductions)
  uint64_t* full;   // NPAGES
  uint64_t* empty;  // NPAGES
  Instr* ins;       // this SM's instruction list (MAX_SM_INSTRS)
  int* tag;         // NPAGES: MK_LMDYN: LM-head page index held by ring slot s (-1: end of the LM head)
  uint64_t* gate;   // GATES: MK_RELGATE release-done barriers (count 1: consumer thread 0); MK_RELGATE_PRE: + GATES
                    // window barriers (thread 0 arrives just before its release)
#if MK_DIAG
  unsigned* diag;   // MK_DIAG: 8 words, thread 0's per-page stamps of the current instruction
#endif
};
constexpr int SCRATCH_FLOATS = 3200;  // attention: q 256, scores 512, (pad), partials 2048, new K/V 64
// MK_NOATOM: per-warp partial rows of one page segment (512 rows = 128 pages of 4 rows); they alias
// the attention scratch (a GEMV instruction and an attention instruction never overlap in time).
// An instruction with more rows (only the LM head: ~972) reduces each full segment into out[].
constexpr int SLOT_ROWS = 512;
constexpr int XS_FLOATS = (MK_NOATOM && NCONS_WARPS * SLOT_ROWS > SCRATCH_FLOATS) ? NCONS_WARPS * SLOT_ROWS
                                                                                 : SCRATCH_FLOATS;
constexpr size_t SMEM_BYTES = (size_t)NPAGES * PAGE_BYTES + XS_FLOATS * 4 + MAX_OUT * 4 + 64 * 4 +
                              2 * NPAGES * 8 + MAX_SM_INSTRS * sizeof(Instr) + NPAGES * 4 +
                              (MK_RELGATE ? (MK_RELGATE_PRE ? 2 : 1) * GATES * 8 + 8 : 0) + 128 +
                              (MK_DIAG ? 64 : 0);

// Global element offset of page q of an instruction.
__device__ __forceinline__ long long page_src(const Params& p, const Instr& in, int q) {
  const LayerOffsets& L = p.lay.layer[in.layer < MAX_LAYERS ? in.layer : 0];
  switch (in.op) {
    case OP_QKV: {
      int u = in.start + (q >> 1), half = q & 1, row;
      if (u < 256) row = (u >> 3) * HD + (u & 7) * 4 + half * 32;
      else if (u < 320) row = D + ((u - 256) >> 3) * HD + ((u - 256) & 7) * 4 + half * 32;
      else row = D + NKV * HD + (u - 320) * 8 + half * 4;
      return L.wqkv + (long long)row * D;
    }
    case OP_OPROJ: return L.wo + (long long)(in.start + q) * 4 * D;
    case OP_GATEUP:
      if (q < in.count) return L.wg + (long long)(in.start + q) * 4 * D;
      return L.wu + (long long)(in.start + q - in.count) * 4 * D;
    case OP_DOWN: return L.wd + (long long)(in.start + q) * F;
    case OP_LMHEAD: return p.lay.embed + (long long)(in.start + q) * 4 * D;
    default: return 0;
  }
}

// Source and size of page q of an instruction (bytes 0: nothing to copy). Attention pages:
// page 0 = K, page 1 = V of positions [p0, min(p0+S, pos)) of one kv head (written by earlier
// launches; position pos itself is written in this launch by QKV and never copied).
// Fused O-proj: the chunk streamed as the k-th K/V pair (MK_FUSED_ROT: SM j of the group starts at j mod nchunks,
// so the 16-17 SMs of a KV head do not all pull the same K/V lines at once; the online softmax is order-free).
__device__ __forceinline__ int fused_chunk(int flags, int k) {
  const int nch = ((flags >> 16) & 255) >> 1;
  return MK_FUSED_ROT ? (k + ((flags >> 24) & 127)) % nch : k;
}
// Fused O-proj (FLAG_FUSED): pages 2c, 2c+1 = K, V of chunk c of KV head g, then the Wo pages
// (copied by the loader as FUSED_ROWS pieces of 512 B: rows x g's 256 columns).
__device__ __forceinline__ const void* page_ptr(const Params& p, const Instr& in, int q, unsigned& bytes) {
  const bool fkv = MK_FUSED_AO && in.op == OP_OPROJ && (in.flags & FLAG_FUSED) && q < ((in.flags >> 16) & 255);
  if (in.op == OP_ATTN || fkv) {
    const int kvh = fkv ? (in.flags >> 8) & 7 : in.start / p.nchunks;
    const int c = fkv ? fused_chunk(in.flags, q >> 1) : in.start % p.nchunks, p0 = c * p.kv_chunk;
    const int kv = fkv ? q & 1 : q;
    const int nold = max(0, min(p.kv_chunk, p.pos - p0));
    bytes = (unsigned)(nold * HD * 2);
    return (kv == 0 ? p.kcache : p.vcache) + ((size_t)(in.layer * NKV + kvh) * MAX_POS + p0) * HD;
  }
  bytes = PAGE_BYTES;
#if MK_OSPLIT && MK_OSPLIT_BLK
  if (in.op == OP_OPROJ && (in.flags & FLAG_SPLITK))  // attempt 16: one contiguous block of the blocked Wo copy
    return p.wob + ((size_t)(in.layer * NKV + ((in.flags >> 8) & 7)) * D + (size_t)(in.start + q) * OSPLIT_ROWS) * (4 * HD);
#endif
  return p.w + page_src(p, in, q);
}

// RoPE cos/sin for the thread that rotates pair (d, d+32) of a QKV unit (tid < 4*count).
__device__ __forceinline__ void rope_cs(const Params& p, const Instr& in, int tid, float& cs, float& sn) {
  cs = 1.f; sn = 0.f;
  if (tid < in.count * 4) {
    const int k = tid >> 2, j = tid & 3, u = in.start + k;
    if (u < 320) {
      const int d = ((u < 256 ? u : u - 256) & 7) * 4 + j;  // 0..31
      const float inv_freq = powf(ROPE_THETA, -(float)(2 * d) / (float)HD);
      sincosf((float)p.pos * inv_freq, &sn, &cs);
    }
  }
}

// Block-wide (256 consumer threads) sum; all consumer threads get the result.
__device__ __forceinline__ float cons_sum(float v, float* red, int tid) {
  v = warp_sum(v);
  if ((tid & 31) == 0) red[tid >> 5] = v;
  consumer_bar();
  float s = 0.f;
#pragma unroll
  for (int w = 0; w < NCONS_WARPS; ++w) s += red[w];
  consumer_bar();  // red may be reused right after
  return s;
}

// x = rmsnorm(src) * gamma, K = 2048; src is float (h) or bf16 (embedding row, layer 0).
// Thread t computes (and keeps in registers) x[8t .. 8t+8): exactly the columns it multiplies
// in the K = 2048 page loop (warp w, lane i -> uint4 index 32w + i = t).
// parts (MK_FUSED_AO): src = the sum of the NKV fused O-proj partials parts[g*D + col]; hout: also
// store that sum (h_mid) there.
__device__ void load_rmsnorm(const Params& p, const float* srcf, const uint16_t* srcb,
                             const uint16_t* gamma, Smem& s, int tid, float4& lo, float4& hi,
                             const float* parts = nullptr, float* hout = nullptr, const float* ssp = nullptr) {
  float v[8];
  // MK_SSQ (attempt 18): the sum of squares published by the producers (loaded with the input, after the wait)
  const float ss_pub = ssp ? *ssp : 0.f;
  if (parts) {
    float4 sa = make_float4(0.f, 0.f, 0.f, 0.f), sb = sa;
#pragma unroll
    for (int g0 = 0; g0 < NKV; g0 += 4) {  // 8 loads in flight at a time (all 16 at once spill)
      float4 a[4], b[4];
#pragma unroll
      for (int g = 0; g < 4; ++g) {
        a[g] = reinterpret_cast<const float4*>(parts + (size_t)(g0 + g) * D)[tid * 2];
        b[g] = reinterpret_cast<const float4*>(parts + (size_t)(g0 + g) * D)[tid * 2 + 1];
      }
#pragma unroll
      for (int g = 0; g < 4; ++g) {
        sa.x += a[g].x; sa.y += a[g].y; sa.z += a[g].z; sa.w += a[g].w;
        sb.x += b[g].x; sb.y += b[g].y; sb.z += b[g].z; sb.w += b[g].w;
      }
    }
    if (hout) {
      reinterpret_cast<float4*>(hout)[tid * 2] = sa;
      reinterpret_cast<float4*>(hout)[tid * 2 + 1] = sb;
    }
    v[0] = sa.x; v[1] = sa.y; v[2] = sa.z; v[3] = sa.w; v[4] = sb.x; v[5] = sb.y; v[6] = sb.z; v[7] = sb.w;
  } else if (srcb) {
    uint4 u = *reinterpret_cast<const uint4*>(srcb + tid * 8);
    v[0] = __uint_as_float(u.x << 16); v[1] = __uint_as_float(u.x & 0xffff0000u);
    v[2] = __uint_as_float(u.y << 16); v[3] = __uint_as_float(u.y & 0xffff0000u);
    v[4] = __uint_as_float(u.z << 16); v[5] = __uint_as_float(u.z & 0xffff0000u);
    v[6] = __uint_as_float(u.w << 16); v[7] = __uint_as_float(u.w & 0xffff0000u);
  } else {
    float4 a = reinterpret_cast<const float4*>(srcf)[tid * 2];
    float4 b = reinterpret_cast<const float4*>(srcf)[tid * 2 + 1];
    v[0] = a.x; v[1] = a.y; v[2] = a.z; v[3] = a.w; v[4] = b.x; v[5] = b.y; v[6] = b.z; v[7] = b.w;
  }
  const uint4 g = *reinterpret_cast<const uint4*>(gamma + tid * 8);  // issued before the reduction
  float ss = 0.f;
#pragma unroll
  for (int j = 0; j < 8; ++j) ss = fmaf(v[j], v[j], ss);
  if (ssp) ss = ss_pub;  // block-uniform (ssp is), so every consumer thread skips the barriers alike
  else ss = cons_sum(ss, s.red, tid);
  float scale = rsqrtf(ss / (float)D + EPS);
  lo.x = v[0] * scale * __uint_as_float(g.x << 16);
  lo.y = v[1] * scale * __uint_as_float(g.x & 0xffff0000u);
  lo.z = v[2] * scale * __uint_as_float(g.y << 16);
  lo.w = v[3] * scale * __uint_as_float(g.y & 0xffff0000u);
  hi.x = v[4] * scale * __uint_as_float(g.z << 16);
  hi.y = v[5] * scale * __uint_as_float(g.z & 0xffff0000u);
  hi.z = v[6] * scale * __uint_as_float(g.w << 16);
  hi.w = v[7] * scale * __uint_as_float(g.w & 0xffff0000u);
}

// MK_PSTORE (attempt 13c): the page loops' per-warp slot stores as one predicated st.shared (the
// a2 build turned the K = 8192 loop's `if (lane == 0) store` into a branch with BSSY/BSYNC, and its
// down pages took 0.33 instead of 0.30 us). MK_LDSPAGE: the page reads as ld.shared (the PTX has
// generic ld for every shared access: SASS LD.E.128, not LDS.128).
#ifndef MK_PSTORE
#define MK_PSTORE 1  // default since run 13c (0.757 vs 0.761 ms at KV 512; down pages 0.298 vs 0.329 us)
#endif
#ifndef MK_LDSPAGE
#define MK_LDSPAGE 0  // run 13c: no effect (0.7611 vs 0.7611 ms at KV 512)
#endif
__device__ __forceinline__ void st_shared_if(float* p, float v, bool c) {
  asm volatile(
      "{\n"
      ".reg .pred q;\n"
      "setp.ne.u32 q, %2, 0;\n"
      "@q st.shared.f32 [%0], %1;\n"
      "}\n" ::"r"(smem_addr(p)),
      "f"(v), "r"((unsigned)c)
      : "memory");
}
__device__ __forceinline__ uint4 page_ld(const uint4* w, int i) {
#if MK_LDSPAGE
  uint4 v;
  asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "r"(smem_addr(w + i))
               : "memory");
  return v;
#else
  return w[i];
#endif
}

// Page compute: all 8 consumer warps share each page; warp w owns a fixed column slice,
// so its x values stay in registers for the whole instruction. Per page each warp reduces
// its partial sums over its lanes and adds them into out[] with shared-memory atomics
// (out[] is zeroed when the instruction's input is loaded).
// K = 2048: a page is 4 rows; warp w, lane i own columns 8*(32w+i) .. +8.
// U pages at once (independent loads and shuffle chains overlap: per-page latency / U).
template <int U>
__device__ __forceinline__ void pages_rows_2048(const uint8_t* const (&pg)[U], float4 xa, float4 xb, float* out,
                                                int warp, int lane) {
  const int j = warp * 32 + lane;
  const bool h16 = lane & 16, h8 = lane & 8;
  float k[U];
#pragma unroll
  for (int u = 0; u < U; ++u) {
    const uint4* w = reinterpret_cast<const uint4*>(pg[u]);
    const float a0 = dot8(page_ld(w, j), xa, xb), a1 = dot8(page_ld(w, 256 + j), xa, xb);
    const float a2 = dot8(page_ld(w, 512 + j), xa, xb), a3 = dot8(page_ld(w, 768 + j), xa, xb);
    // transposed butterfly: 6 shuffles reduce 4 values over 32 lanes
    float k0 = h16 ? a2 : a0, k1 = h16 ? a3 : a1;
    const float s0 = h16 ? a0 : a2, s1 = h16 ? a1 : a3;
    k0 += __shfl_xor_sync(0xffffffffu, s0, 16);
    k1 += __shfl_xor_sync(0xffffffffu, s1, 16);
    float kk = h8 ? k1 : k0;
    kk += __shfl_xor_sync(0xffffffffu, h8 ? k0 : k1, 8);
    kk += __shfl_xor_sync(0xffffffffu, kk, 4);
    kk += __shfl_xor_sync(0xffffffffu, kk, 2);
    kk += __shfl_xor_sync(0xffffffffu, kk, 1);
    k[u] = kk;
  }
#if MK_NOATOM && MK_PSTORE
#pragma unroll
  for (int u = 0; u < U; ++u) st_shared_if(&out[u * 4 + (h16 ? 2 : 0) + (h8 ? 1 : 0)], k[u], (lane & 7) == 0);
  if (false) {
#else
  if ((lane & 7) == 0) {
#endif
#pragma unroll
    for (int u = 0; u < U; ++u) {
#if MK_NOATOM
      out[u * 4 + (h16 ? 2 : 0) + (h8 ? 1 : 0)] = k[u];  // this warp's own slot
#else
      atomicAdd(&out[u * 4 + (h16 ? 2 : 0) + (h8 ? 1 : 0)], k[u]);
#endif
    }
  }
}
// K = 8192: a page is 1 row; warp w, lane i own columns 8*(128w + 32c + i) .. +8, c = 0..3.
template <int U>
__device__ __forceinline__ void pages_row_8192(const uint8_t* const (&pg)[U], const float4 (&xa)[4],
                                               const float4 (&xb)[4], float* out, int warp, int lane) {
  float acc[U];
#pragma unroll
  for (int u = 0; u < U; ++u) {
    const uint4* w = reinterpret_cast<const uint4*>(pg[u]);
    float t = 0.f;
#pragma unroll
    for (int c = 0; c < 4; ++c) t += dot8(page_ld(w, warp * 128 + c * 32 + lane), xa[c], xb[c]);
    acc[u] = t;
  }
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) {
#pragma unroll
    for (int u = 0; u < U; ++u) acc[u] += __shfl_xor_sync(0xffffffffu, acc[u], o);
  }
#if MK_NOATOM && MK_PSTORE
#pragma unroll
  for (int u = 0; u < U; ++u) st_shared_if(&out[u], acc[u], lane == 0);
  if (false) {
#else
  if (lane == 0) {
#endif
#pragma unroll
    for (int u = 0; u < U; ++u) {
#if MK_NOATOM
      out[u] = acc[u];  // this warp's own slot
#else
      atomicAdd(&out[u], acc[u]);
#endif
    }
  }
}
#ifndef MK_UNROLL
#define MK_UNROLL 1  // measured: 1 beats 2 and 4 with dependencies on (NOTES.md, attempt 5)
#endif
constexpr int UNROLL = MK_UNROLL;  // pages processed together by the consumers
#ifndef MK_PIPE
#define MK_PIPE 0  // 1: software-pipelined page loop (page q+1's weights loaded first): slower (attempt 9)
#endif

// MK_PIPE page loop over pages [qs, qe) of an instruction (first page = this SM's page gp0 + qs).
// Each thread waits for page q+1 and issues its four 16-byte loads of it before it multiplies,
// releases (after its last use of the page's registers) and reduces page q, so the shared-memory
// latency of one page overlaps the FMA/shuffle chain of the previous one. The waits and
// arrivals stay one per page and thread, in page order. Rows of page q go to ob[(q - qs) * rp ..].
template <bool K8192>
__device__ __forceinline__ void page_loop_pipe(const uint8_t* pages, uint64_t* full, uint64_t* empty, int gp0,
                                               int qs, int qe, int total_pages, float4 xa, float4 xb,
                                               const float4 (&xa4)[4], const float4 (&xb4)[4], float* ob,
                                               int warp, int lane) {
  const int j = warp * 32 + lane;
  const bool h16 = lane & 16, h8 = lane & 8;
  uint4 w[4], wn[4];
  auto load = [&](int q, uint4 (&r)[4]) {
    const int gp = gp0 + q;
    page_acquire(full, gp);
    const uint4* pg = reinterpret_cast<const uint4*>(pages + (size_t)(gp % NPAGES) * PAGE_BYTES);
#pragma unroll
    for (int c = 0; c < 4; ++c) r[c] = K8192 ? pg[warp * 128 + c * 32 + lane] : pg[c * 256 + j];
  };
  load(qs, w);
  for (int q = qs; q < qe; ++q) {
    if (q + 1 < qe) load(q + 1, wn);
    if (K8192) {
      float t = 0.f;
#pragma unroll
      for (int c = 0; c < 4; ++c) t += dot8(w[c], xa4[c], xb4[c]);
      page_release(empty, gp0 + q, total_pages);
      t = warp_sum(t);
      if (lane == 0) {
#if MK_NOATOM
        ob[q - qs] = t;
#else
        atomicAdd(&ob[q - qs], t);
#endif
      }
    } else {
      const float a0 = dot8(w[0], xa, xb), a1 = dot8(w[1], xa, xb);
      const float a2 = dot8(w[2], xa, xb), a3 = dot8(w[3], xa, xb);
      page_release(empty, gp0 + q, total_pages);
      float k0 = h16 ? a2 : a0, k1 = h16 ? a3 : a1;
      const float s0 = h16 ? a0 : a2, s1 = h16 ? a1 : a3;
      k0 += __shfl_xor_sync(0xffffffffu, s0, 16);
      k1 += __shfl_xor_sync(0xffffffffu, s1, 16);
      float kk = h8 ? k1 : k0;
      kk += __shfl_xor_sync(0xffffffffu, h8 ? k0 : k1, 8);
      kk += __shfl_xor_sync(0xffffffffu, kk, 4);
      kk += __shfl_xor_sync(0xffffffffu, kk, 2);
      kk += __shfl_xor_sync(0xffffffffu, kk, 1);
      if ((lane & 7) == 0) {
#if MK_NOATOM
        ob[(q - qs) * 4 + (h16 ? 2 : 0) + (h8 ? 1 : 0)] = kk;
#else
        atomicAdd(&ob[(q - qs) * 4 + (h16 ? 2 : 0) + (h8 ? 1 : 0)], kk);
#endif
      }
    }
#pragma unroll
    for (int c = 0; c < 4; ++c) w[c] = wn[c];
  }
}

// ------------------------------------------------------------------ MK_PAIR (attempt 19)
// Resident pages several at a time, with one transposed butterfly for all their rows. A warp that
// has acquired page gp probes (mbarrier.test_wait, non-blocking) whether pages gp+1 (.. gp+3) of the
// same instruction have landed too; if they have for every lane (__all_sync), it takes U = 2 (or 4)
// pages together: each thread still waits for each page with the ordinary page_acquire (it returns at
// once: the probe saw the phase complete, and no phase can complete twice before this thread's own
// arrive on the page's empty barrier), issues all 4U loads, computes the 4U (down: U) dot products,
// arrives on each page's empty barrier (after its last read of that page: the loaded registers are
// consumed), then reduces the 4U values over the 32 lanes with 4U - 1 + (5 - log2 4U) shuffles in 5
// dependent levels (one page: 6 shuffles, 5 levels). A page that is not yet there is never waited
// for ahead of time: then the warp takes page gp alone, with the unchanged single-page code. Every
// row is summed over the same lane tree (xor 16, 8, 4, 2, 1) as in the single-page code, so the
// results are bit-identical whichever way the pages were grouped.
// MK_PAIR bits: 1 = the K = 2048 loop (QKV, gate/up, LM head), 2 = the split-K O-proj loop, 4 = the
// K = 8192 loop (down), 8 = the K = 2048 loop only for QKV. MK_PAIR_MAX: 2 or 4 pages at most.
// MK_PAIR_FORCE (checks only): group pages without probing (blocking waits), so that the grouped
// paths run on every page.
#ifndef MK_PAIR
#define MK_PAIR 0  // run 19: pairs -4% per QKV page, token +0.8 us (QKV+O-proj) / +7 us (all ops); max 4: local array, +149 us
#endif
#ifndef MK_PAIR_MAX
#define MK_PAIR_MAX 2
#endif
#ifndef MK_PAIR_FORCE
#define MK_PAIR_FORCE 0
#endif
static_assert(!MK_PAIR || (MK_GROUP == 1 && MK_NOATOM && MK_PSTORE && !MK_PIPE),
              "MK_PAIR: one page per ring barrier pair, per-warp slots, predicated slot stores");
static_assert(MK_PAIR_MAX == 2 || MK_PAIR_MAX == 4, "MK_PAIR_MAX is 2 or 4");
// has page gp (GROUP == 1) landed? Non-binding: the reads still follow this thread's own page_acquire.
__device__ __forceinline__ bool page_ready(uint64_t* full, int gp) {
  return mbar_test_wait(&full[gp % NPAGES], (gp / NPAGES) & 1);
}
// ------------------------------------------------------------------ attempt 20: diagnostics, MK_BARLITE bit 2
static_assert(!(MK_BARLITE & 2) || (!MK_PAIR && MK_NOATOM && MK_PSTORE && !MK_PIPE && UNROLL == 1),
              "MK_BARLITE bit 2: the default single-page loops (no MK_PAIR, per-warp slots, predicated stores)");
static_assert(!(MK_PRELAND & 4) || (MK_NOATOM && !MK_PIPE && UNROLL == 1), "MK_PRELAND bit 4: the single-page loops");
// thread 0's page-loop record of one instruction (MK_DIAG)
struct DiagAcc {
  long long t0;      // clock at the start of the pages phase
  long long stall;   // cycles in blocking waits for pages that had not landed when reached
  long long rlat;    // cycles in waits for pages that had landed (the wait's own latency)
  long long pre;     // MK_PRELAND: cycles of the wait for all pages before the pages phase
  unsigned landed;   // pages (of the first min(np, NPAGES)) landed at input-ready
  unsigned ready;    // pages that had landed when thread 0 reached them
  unsigned pairs;    // MK_PAIR: groups of > 1 page formed by warp 0
};
// consumer thread, page loop: acquire page gp (the q-th of the instruction) unless this thread has already acquired it
// (skip: its own earlier test_wait returned true, or MK_PRELAND bit 4). MK_DIAG: thread 0 also records.
__device__ __forceinline__ void loop_acquire(uint64_t* full, int gp, int q, bool skip, int tid, DiagAcc& d,
                                             unsigned* sd) {
#if MK_DIAG
  if (tid == 0) {
    // page gp: every page before it was acquired by this thread, so the parity names exactly its phase
    const bool r = skip || page_ready(full, gp);
    const long long a = clock64();
    if (!skip) page_acquire(full, gp);
    const long long b = clock64();
    if (r) { ++d.ready; d.rlat += b - a; } else d.stall += b - a;
    if (q < 8) sd[q] = (unsigned)(b - d.t0);
    return;
  }
#endif
  (void)q; (void)tid; (void)d; (void)sd;
  if (!skip) page_acquire(full, gp);
}
// MK_BARLITE bit 2: has page gp (the next one) landed? Called by a thread that has acquired every page before gp, so
// the parity names exactly gp's phase; a true result is an acquire of that phase (mbarrier.test_wait: .acquire.cta),
// after which this thread reads the page without another wait. Non-blocking: false just means "wait for it later".
__device__ __forceinline__ bool probe_next(uint64_t* full, int gp, bool on) {
  return on && page_ready(full, gp);
}
// pages_rows_2048<1> with the probe of the next page's full barrier between the dot products and the butterfly
__device__ __forceinline__ bool page_rows_2048_probe(const uint8_t* pg, float4 xa, float4 xb, float* out, int warp,
                                                     int lane, uint64_t* full, int gpn, bool on) {
  const int j = warp * 32 + lane;
  const bool h16 = lane & 16, h8 = lane & 8;
  const uint4* w = reinterpret_cast<const uint4*>(pg);
  const float a0 = dot8(page_ld(w, j), xa, xb), a1 = dot8(page_ld(w, 256 + j), xa, xb);
  const float a2 = dot8(page_ld(w, 512 + j), xa, xb), a3 = dot8(page_ld(w, 768 + j), xa, xb);
  const bool nxt = probe_next(full, gpn, on);
  float k0 = h16 ? a2 : a0, k1 = h16 ? a3 : a1;
  const float s0 = h16 ? a0 : a2, s1 = h16 ? a1 : a3;
  k0 += __shfl_xor_sync(0xffffffffu, s0, 16);
  k1 += __shfl_xor_sync(0xffffffffu, s1, 16);
  float kk = h8 ? k1 : k0;
  kk += __shfl_xor_sync(0xffffffffu, h8 ? k0 : k1, 8);
  kk += __shfl_xor_sync(0xffffffffu, kk, 4);
  kk += __shfl_xor_sync(0xffffffffu, kk, 2);
  kk += __shfl_xor_sync(0xffffffffu, kk, 1);
  st_shared_if(&out[(h16 ? 2 : 0) + (h8 ? 1 : 0)], kk, (lane & 7) == 0);
  return nxt;
}
#define MK_LOOPX (MK_DIAG || MK_PRELAND || (MK_BARLITE & 2))  // the page loops below take the instrumented form
#if MK_LOOPX
#if MK_DIAG
#define DIAG_SD s.diag
#else
#define DIAG_SD nullptr
#endif
#define PACQ(gp, q) loop_acquire(s.full, (gp), (q), pre || preall, tid, dg, DIAG_SD)
#else
#define PACQ(gp, q) page_acquire(s.full, (gp))
#endif

// ------------------------------------------------------------------ MK_TC (attempt 21)
// The resident-page GEMV of a 4-row x 256-column warp slice (QKV / gate/up / LM head: 4 rows of 2048, warp w owns
// columns 256w..; split O-proj: rows 4w..4w+3 of a head's 256 columns) on the tensor cores, with fp32 accumulation:
// per page and warp 4 mma.sync.m16n8k16 (bf16 x bf16 -> f32) instead of, per lane, 4 chunks x (8 bf16 unpacks +
// 8 FFMA) and a 6-shuffle butterfly. The layout of the page is unchanged (no host change): lane (g, t)
// (g = lane >> 2, t = lane & 3; split s = g & 3, rh = g >> 2) loads chunks c = 16i + 4s + t (i = 0, 1) of rows rh and
// rh + 2, 16 bytes each (the same 4 loads per page as before, conflict-free). An mma's A rows are m = g (row rh,
// split s) and m = g + 8 (row rh + 2, split s); its k labels 2t, 2t+1, 2t+8, 2t+9 are the chunk's elements
// 4h .. 4h+3 (h = 0, 1: two mma per chunk pair). B column n = 2s holds x of split s (the chunk 16i + 4s + t, taken
// from lane c by shuffles once per instruction); odd columns are don't-care. So D[m][2s] is the dot product of row
// (rh or rh + 2) with x over split s's 64 columns of chunk set i, summed over the 4 lanes t of group g; it lands in
// lane (g, t = s), c[0] (upper row) / c[2] (lower row), i.e. lanes 16 rh + 5 s, and two xor shuffles (5, 10) sum the 4
// splits into lanes 0 and 16. MK_TC_LO = 1: x = hi + lo (both bf16), twice the mma, so x keeps ~16 mantissa bits (the
// FFMA path multiplies by fp32 x); 0: x rounded to bf16 (the products are then what a bf16 model computes).
// MK_TC bits: 1 = QKV, 2 = O-proj (split-K loop; and the generic loop if not split), 4 = gate/up and the LM head.
// Synchronization is unchanged: each thread acquires each page (page_acquire) before its loads and arrives on the
// page's empty barrier after them, at the same point of the step as the default loop (QKV etc.: after the slot store;
// split O-proj: after the products, before the reduction).
#ifndef MK_TC
#define MK_TC 0  // run 21: QKV page 0.327 -> 0.302 us, but the launch ran ~2% slower clock: tc3 +1.3 us, tc3l +6.8, tc7l +16.7
#endif
#ifndef MK_TC_LO
#define MK_TC_LO 1
#endif
#ifndef MK_DEFER  // attempt 22 (see rows_defer below). Default 2 since run 22b (split O-proj: -4.1 us at KV 512, -3.4 at 128,
                   // -5.0 at 2048, bit-identical logits); bit 1 (QKV) measured no gain (its change to the shared K = 2048
                   // loop slowed gate/up). Off (0) in builds of the diagnostic / alternative page-loop switches.
#if MK_GROUP == 1 && MK_NOATOM && MK_PSTORE && !MK_PIPE && !MK_PAIR && !MK_LOOPX && !MK_TC && MK_UNROLL == 1 && \
    !MK_LMDYN && !MK_FUSED_AO && MK_OSPLIT
#define MK_DEFER 2
#else
#define MK_DEFER 0
#endif
#endif
// Run 23 measured (KV 512, 5 rounds, vs the default 2): 6 (QKV in its own block) +3.9 us, 8 (QKV + O-proj through one
// rows_defer<8>) +6.7, MK_DEFER_O8 +3.0 — QKV's pages get ~20% shorter (0.32 -> 0.25 us) but the attention then waits
// longer for the QKV counter (its span does not shorten), and a 32-row butterfly makes O-proj pages 0.256 -> 0.301 us.
#ifndef MK_DEFER_O8  // attempt 23 (diagnosis): the split O-proj uses rows_defer<8> also for <= 4 pages (the cost of bit 8's
#define MK_DEFER_O8 0  // shared 32-row butterfly for O-proj alone)
#endif
static_assert(!(MK_DEFER & 8) || (MK_DEFER & 5) == 0, "MK_DEFER bit 8 (QKV + O-proj share one rows_defer) excludes bits 1, 4");
static_assert((MK_DEFER & 5) != 5, "MK_DEFER: bit 1 (QKV in the shared loop) or bit 4 (QKV in its own block), not both");
static_assert(!MK_DEFER || (MK_GROUP == 1 && MK_NOATOM && MK_PSTORE && !MK_PIPE && !MK_PAIR && !MK_LOOPX && !MK_TC &&
                            UNROLL == 1 && !MK_LMDYN && !MK_FUSED_AO && MK_OSPLIT),
              "MK_DEFER: the default single-page loops (per-warp slots, predicated stores, split O-proj)");
static_assert(!MK_TC || (MK_GROUP == 1 && MK_NOATOM && MK_PSTORE && !MK_PIPE && !MK_PAIR && !MK_LOOPX && UNROLL == 1 &&
                         !MK_LMDYN && !MK_FUSED_AO),
              "MK_TC: the default single-page loops (per-warp slots, predicated stores)");
struct TcX {
  uint32_t h[8];  // B fragments (bf16x2) of chunk set i = 0 (h[0..3]) and i = 1 (h[4..7]): elements 01, 23, 45, 67
#if MK_TC_LO
  uint32_t l[8];  // x - hi, rounded to bf16
#endif
};
__device__ __forceinline__ uint32_t pack_bf2(float lo, float hi) {  // lo -> bits 0..15, hi -> bits 16..31 (RNE)
  uint32_t d;
  asm("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(d) : "f"(hi), "f"(lo));
  return d;
}
__device__ __forceinline__ void mma_bf16(float (&d)[4], uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3,
                                         uint32_t b0, uint32_t b1) {
  asm("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
      "{%0, %1, %2, %3};"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}
// x of chunk c is held by lane c (xa, xb = its 8 columns). Whole warp, once per instruction.
__device__ __forceinline__ void tc_prep(float4 xa, float4 xb, int lane, TcX& t) {
  const int sb = ((lane >> 3) << 2) + (lane & 3);  // 4s + t for B column n = g = 2s (odd g: don't care)
#pragma unroll
  for (int i = 0; i < 2; ++i) {
    const int src = i * 16 + sb;
    float v[8];
    v[0] = __shfl_sync(0xffffffffu, xa.x, src);
    v[1] = __shfl_sync(0xffffffffu, xa.y, src);
    v[2] = __shfl_sync(0xffffffffu, xa.z, src);
    v[3] = __shfl_sync(0xffffffffu, xa.w, src);
    v[4] = __shfl_sync(0xffffffffu, xb.x, src);
    v[5] = __shfl_sync(0xffffffffu, xb.y, src);
    v[6] = __shfl_sync(0xffffffffu, xb.z, src);
    v[7] = __shfl_sync(0xffffffffu, xb.w, src);
#pragma unroll
    for (int r = 0; r < 4; ++r) {
      const uint32_t hv = pack_bf2(v[2 * r], v[2 * r + 1]);
      t.h[i * 4 + r] = hv;
#if MK_TC_LO
      t.l[i * 4 + r] = pack_bf2(v[2 * r] - __uint_as_float(hv << 16), v[2 * r + 1] - __uint_as_float(hv & 0xffff0000u));
#endif
    }
  }
}
// One page: rows r = 0..3 at wb + r * rs (uint4 units), chunks 0..31; row sums to out[0..3] (lanes 0 and 16 store).
// EARLY: arrive on the page's empty barrier after the products (split O-proj's placement); else the caller arrives.
template <bool EARLY>
__device__ __forceinline__ void tc_rows4(const uint4* wb, int rs, const TcX& t, float* out, int lane, uint64_t* empty,
                                         int gp, int total_pages) {
  const int rh = lane >> 4;
  const uint4* wu = wb + rh * rs + ((lane >> 2) & 3) * 4 + (lane & 3);
  const uint4* wl = wu + 2 * rs;
  const uint4 u0 = page_ld(wu, 0), l0 = page_ld(wl, 0), u1 = page_ld(wu, 16), l1 = page_ld(wl, 16);
  float c[4] = {0.f, 0.f, 0.f, 0.f}, d[4] = {0.f, 0.f, 0.f, 0.f};
  mma_bf16(c, u0.x, l0.x, u0.y, l0.y, t.h[0], t.h[1]);
  mma_bf16(d, u1.x, l1.x, u1.y, l1.y, t.h[4], t.h[5]);
  mma_bf16(c, u0.z, l0.z, u0.w, l0.w, t.h[2], t.h[3]);
  mma_bf16(d, u1.z, l1.z, u1.w, l1.w, t.h[6], t.h[7]);
#if MK_TC_LO
  float e[4] = {0.f, 0.f, 0.f, 0.f}, f[4] = {0.f, 0.f, 0.f, 0.f};
  mma_bf16(e, u0.x, l0.x, u0.y, l0.y, t.l[0], t.l[1]);
  mma_bf16(f, u1.x, l1.x, u1.y, l1.y, t.l[4], t.l[5]);
  mma_bf16(e, u0.z, l0.z, u0.w, l0.w, t.l[2], t.l[3]);
  mma_bf16(f, u1.z, l1.z, u1.w, l1.w, t.l[6], t.l[7]);
  float vu = (c[0] + d[0]) + (e[0] + f[0]), vl = (c[2] + d[2]) + (e[2] + f[2]);
#else
  float vu = c[0] + d[0], vl = c[2] + d[2];
#endif
  if (EARLY) page_release(empty, gp, total_pages);
  vu += __shfl_xor_sync(0xffffffffu, vu, 5);
  vl += __shfl_xor_sync(0xffffffffu, vl, 5);
  vu += __shfl_xor_sync(0xffffffffu, vu, 10);
  vl += __shfl_xor_sync(0xffffffffu, vl, 10);
  st_shared_if(out + rh, vu, (lane & 15) == 0);
  st_shared_if(out + rh + 2, vl, (lane & 15) == 0);
}
__device__ __forceinline__ bool tc_op(int op) {
  return op == OP_QKV ? (MK_TC & 1) != 0
                      : op == OP_OPROJ ? (MK_TC & 2) != 0 : (op == OP_GATEUP || op == OP_LMHEAD) ? (MK_TC & 4) != 0 : false;
}

// pages to take at gp (this thread has acquired gp; `left` pages of the loop remain, gp included):
// warp-uniform, 1, 2 or 4. All pages probed were issued after every page before gp had been acquired
// by this thread (offsets < NPAGES), so the parity test cannot alias an older phase.
__device__ __forceinline__ int pair_count(uint64_t* full, int gp, int left) {
  if (MK_PAIR_FORCE) return left >= MK_PAIR_MAX ? MK_PAIR_MAX : (left >= 2 ? 2 : 1);
  if (left < 2) return 1;
  const bool r1 = page_ready(full, gp + 1);
  if (MK_PAIR_MAX >= 4 && left >= 4) {
    const bool r3 = r1 & page_ready(full, gp + 2) & page_ready(full, gp + 3);
    if (__all_sync(0xffffffffu, r3)) return 4;
  }
  return __all_sync(0xffffffffu, r1) ? 2 : 1;
}
// U pages of 4 rows x 2048 columns; page gp already acquired by this thread. Row c of a page is read
// at uint4 index woff + j + c * rs (QKV/gate-up/LM head: woff 0, j = 32 w + lane, rs 256; split-K
// O-proj: woff 128 w, j = lane, rs 32). Row c of page u goes to o[u * ops + c].
template <int U>
__device__ __forceinline__ void rows2048_multi(const uint8_t* pages, uint64_t* full, uint64_t* empty, int gp,
                                               int total_pages, int woff, int j, int rs, float4 xa, float4 xb,
                                               float* o, int ops, int lane) {
  constexpr int N = 4 * U;
  constexpr int L = (U == 1) ? 2 : (U == 2) ? 3 : 4;  // halving levels of the butterfly (log2 N)
  uint4 r[U][4];
#pragma unroll
  for (int u = 0; u < U; ++u) {
    if (u > 0) page_acquire(full, gp + u);  // returns at once (probed), but every read follows its own wait
    const uint4* w = reinterpret_cast<const uint4*>(pages + (size_t)((gp + u) % NPAGES) * PAGE_BYTES) + woff;
#pragma unroll
    for (int c = 0; c < 4; ++c) r[u][c] = page_ld(w, j + c * rs);
  }
  float v[N];
#pragma unroll
  for (int u = 0; u < U; ++u)
#pragma unroll
    for (int c = 0; c < 4; ++c) v[u * 4 + c] = dot8(r[u][c], xa, xb);
#pragma unroll
  for (int u = 0; u < U; ++u) page_release(empty, gp + u, total_pages);  // this thread's reads of page gp+u are done
  int idx = 0;
#pragma unroll
  for (int t = 0; t < 5; ++t) {
    const int m = 16 >> t;
    const bool b = lane & m;
    if (t < L) {
      const int h = N >> (t + 1);
#pragma unroll
      for (int i = 0; i < h; ++i) {
        const float keep = b ? v[i + h] : v[i], send = b ? v[i] : v[i + h];
        v[i] = keep + __shfl_xor_sync(0xffffffffu, send, m);
      }
      if (b) idx += h;
    } else {
      v[0] += __shfl_xor_sync(0xffffffffu, v[0], m);
    }
  }
  st_shared_if(&o[(idx >> 2) * ops + (idx & 3)], v[0], (lane & ((16 >> (L - 1)) - 1)) == 0);  // idx = 4 u + c
}
// U pages of 1 row x 8192 columns (down); page gp already acquired. Row of page u goes to o[u].
template <int U>
__device__ __forceinline__ void row8192_multi(const uint8_t* pages, uint64_t* full, uint64_t* empty, int gp,
                                              int total_pages, const float4 (&xa)[4], const float4 (&xb)[4],
                                              float* o, int warp, int lane) {
  constexpr int L = (U == 2) ? 1 : 2;  // halving levels (log2 U)
  uint4 r[U][4];
#pragma unroll
  for (int u = 0; u < U; ++u) {
    if (u > 0) page_acquire(full, gp + u);
    const uint4* w = reinterpret_cast<const uint4*>(pages + (size_t)((gp + u) % NPAGES) * PAGE_BYTES);
#pragma unroll
    for (int c = 0; c < 4; ++c) r[u][c] = page_ld(w, warp * 128 + c * 32 + lane);
  }
  float v[U];
#pragma unroll
  for (int u = 0; u < U; ++u) {
    float t = 0.f;
#pragma unroll
    for (int c = 0; c < 4; ++c) t += dot8(r[u][c], xa[c], xb[c]);
    v[u] = t;
  }
#pragma unroll
  for (int u = 0; u < U; ++u) page_release(empty, gp + u, total_pages);  // this thread's reads of page gp+u are done
  int idx = 0;
#pragma unroll
  for (int t = 0; t < 5; ++t) {
    const int m = 16 >> t;
    const bool b = lane & m;
    if (t < L) {
      const int h = U >> (t + 1);
#pragma unroll
      for (int i = 0; i < h; ++i) {
        const float keep = b ? v[i + h] : v[i], send = b ? v[i] : v[i + h];
        v[i] = keep + __shfl_xor_sync(0xffffffffu, send, m);
      }
      if (b) idx += h;
    } else {
      v[0] += __shfl_xor_sync(0xffffffffu, v[0], m);
    }
  }
  st_shared_if(&o[idx], v[0], (lane & ((16 >> (L - 1)) - 1)) == 0);
}

// ------------------------------------------------------------------ MK_DEFER (attempt 22)
// page_step_bench.cu (run 22) measured the resident-page step alone: ~406 cycles per page and warp with 8 warps (342 for
// one warp alone on the SM: a latency chain), of which the per-page 5-level shuffle butterfly is ~140; the loader warp's
// polling and the bulk copies' shared-memory writes cost nothing. MK_DEFER takes the butterfly out of the per-page chain
// on the two ops whose pages are all resident (the chain QKV -> attention -> O-proj): an instruction's n <= 8 pages are
// done as n steps of (acquire, 4 loads, 4 dot products, release) with every row partial kept in registers (v[4u + c]),
// then ONE transposed butterfly reduces all 4 NPM rows over the 32 lanes (NPM = 4: 16 rows, 16 shuffles; NPM = 8: 32
// rows, 31 shuffles; 5 dependent levels for the whole instruction instead of 5 per page). Every row is summed over the
// same lane tree (xor 16, 8, 4, 2, 1) as pages_rows_2048 / the split O-proj loop, so the results are bit-identical.
// Synchronization unchanged in kind and no weaker: each thread still acquires each page (page_acquire) before its loads
// and arrives on the page's empty barrier after its last read of it (right after the page's dot products, which consume
// the loaded registers: the split O-proj loop's placement; the QKV loop's default placement was after the slot store).
// Bits: 1 = QKV (the K = 2048 loop, op QKV only), 2 = the split-K O-proj loop (default since run 22b). Instructions with
// more than 8 pages (or none) take the default loop. Rows of page u go to o[u * ops + c].
// ------------------------------------------------------------------ MK_UWAIT / MK_PADDR / MK_LOOPUNR (attempt 23)
// ncu (run 22b) put ~45 + ~14 cycles of branch resolving per page at the top of every GEMV page loop: a YIELD at the
// loop head and the BSSY/BSYNC convergence region that the compiler wraps around the per-thread try_wait retry loop
// (a divergent loop: each lane may leave it at a different iteration). The page_step_bench loops have neither (~6).
// MK_UWAIT makes the wait warp-uniform in the consumer warps' page loops (all 32 lanes present there, as for the
// full-mask shuffles of the step): 1 = while (!__all_sync(full, try_wait)) — every lane performs its own try_wait in
// every iteration and the warp leaves only in an iteration in which every lane's own try_wait returned true, so each
// thread's reads still follow its own successful try_wait (acquire.cta) exactly as before; the loop's branch is a
// vote result (uniform), so it needs no convergence region. 2 = the same first test inline, the retry loop (the same
// uniform loop with the watchdog) in a __noinline__ function, so the page loop holds no inner loop at all.
// MK_PADDR = 1: the page loops keep the ring slot, the full barrier's parity and the page pointer incrementally (one
// compare-and-wrap per page instead of gp % 12, gp / 12 and a 64-bit multiply-add before the wait and the loads); it
// waits on and arrives at the same barriers (GROUP == 1: page gp <-> slot gp % NPAGES, parity (gp / NPAGES) & 1).
// MK_LOOPUNR = N (with MK_PADDR): #pragma unroll N on the single-page loops of gate/up / the LM head and down.
// Measured (run 23, KV 512, 5 rounds): u1 +2.5 us, u2 +1.9, pa +0.1 — none faster, all off. In this kernel every loop
// holding a try_wait gets one YIELD per iteration (u1: the compiler rotates the uniform wait loop so that its YIELD runs
// before the first try_wait, still once per page; u2: the YIELD stays at the page loop's head), and the ops whose
// loops pay it per page (gate/up, down, the LM head) run at the stream rate. NOTES.md attempt 23.
#ifndef MK_UWAIT
#define MK_UWAIT 0
#endif
#ifndef MK_PADDR
#define MK_PADDR 0
#endif
#ifndef MK_LOOPUNR
#define MK_LOOPUNR 1
#endif
static_assert(!(MK_UWAIT || MK_PADDR) || (MK_GROUP == 1 && MK_BARLITE == 0 && MK_DBL == 0 && MK_NOATOM && MK_PSTORE &&
                                         !MK_PIPE && !MK_PAIR && !MK_LOOPX && !MK_TC && UNROLL == 1 && !MK_LMDYN),
              "MK_UWAIT / MK_PADDR: the default single-page loops, one barrier pair per page, one arrive per thread");
#define MK_PRAGMA_(x) _Pragma(#x)
#define MK_UNROLL_N(n) MK_PRAGMA_(unroll n)
#if MK_UWAIT == 2
__device__ __noinline__ void mbar_wait_warp_slow(uint64_t* bar, unsigned parity) {
  unsigned spins = 0;
  while (!__all_sync(0xffffffffu, mbar_try_wait(bar, parity))) watchdog(spins, "mbarrier wait (warp)", (int)parity, 1);
}
#endif
// a consumer warp's wait (all 32 lanes) for the page in ring slot `slot`, phase parity `par`
__device__ __forceinline__ void page_wait_slot(uint64_t* full, int slot, unsigned par) {
#if MK_UWAIT == 1
  unsigned spins = 0;
  while (!__all_sync(0xffffffffu, mbar_try_wait(&full[slot], par))) watchdog(spins, "mbarrier wait (warp)", (int)par, 1);
#elif MK_UWAIT == 2
  if (__builtin_expect(!__all_sync(0xffffffffu, mbar_try_wait(&full[slot], par)), 0)) mbar_wait_warp_slow(&full[slot], par);
#else
  mbar_wait(&full[slot], par);  // = page_acquire (GROUP == 1)
#endif
}
__device__ __forceinline__ void page_acq_loop(uint64_t* full, int gp) {
#if MK_UWAIT
  page_wait_slot(full, gp % NPAGES, (gp / NPAGES) & 1);
#else
  page_acquire(full, gp);
#endif
}

template <int NPM>
__device__ __forceinline__ void rows_defer(const uint8_t* pages, uint64_t* full, uint64_t* empty, int gp, int n,
                                           int total_pages, int woff, int j, int rs, float4 xa, float4 xb, float* o,
                                           int ops, int lane) {
  constexpr int N = 4 * NPM;
  constexpr int L = (N >= 32) ? 5 : (N >= 16) ? 4 : 3;  // halving levels (log2 N)
  float v[N];
#if MK_PADDR
  const int slot0 = gp % NPAGES;  // n <= 8 < NPAGES: the instruction's pages wrap around the ring at most once
  const unsigned par0 = (gp / NPAGES) & 1;
  const uint4* w0 = reinterpret_cast<const uint4*>(pages + (size_t)slot0 * PAGE_BYTES) + woff;
#endif
#pragma unroll
  for (int u = 0; u < NPM; ++u) {
    if (u < n) {
#if MK_PADDR
      const bool wr = slot0 + u >= NPAGES;
      const int slot = wr ? slot0 + u - NPAGES : slot0 + u;
      page_wait_slot(full, slot, par0 ^ (wr ? 1u : 0u));
      const uint4* w = wr ? w0 + (u - NPAGES) * (PAGE_BYTES / 16) : w0 + u * (PAGE_BYTES / 16);
#pragma unroll
      for (int c = 0; c < 4; ++c) v[u * 4 + c] = dot8(page_ld(w, j + c * rs), xa, xb);
      mbar_arrive(&empty[slot]);  // = page_release (GROUP == 1): this thread's reads of the page are done
#else
      page_acq_loop(full, gp + u);
      const uint4* w = reinterpret_cast<const uint4*>(pages + (size_t)((gp + u) % NPAGES) * PAGE_BYTES) + woff;
#pragma unroll
      for (int c = 0; c < 4; ++c) v[u * 4 + c] = dot8(page_ld(w, j + c * rs), xa, xb);
      page_release(empty, gp + u, total_pages);  // this thread's reads of page gp + u are done (values consumed)
#endif
    } else {
#pragma unroll
      for (int c = 0; c < 4; ++c) v[u * 4 + c] = 0.f;
    }
  }
  int idx = 0;
#pragma unroll
  for (int t = 0; t < 5; ++t) {
    const int m = 16 >> t;
    const bool b = lane & m;
    if (t < L) {
      const int h = N >> (t + 1);
#pragma unroll
      for (int i = 0; i < N / 2; ++i) {
        if (i < h) {
          const float keep = b ? v[i + h] : v[i], send = b ? v[i] : v[i + h];
          v[i] = keep + __shfl_xor_sync(0xffffffffu, send, m);
        }
      }
      if (b) idx += h;
    } else {
      v[0] += __shfl_xor_sync(0xffffffffu, v[0], m);
    }
  }
  // idx = 4 u + c; lanes holding the same row store once (N = 16: the even lanes)
  st_shared_if(&o[(idx >> 2) * ops + (idx & 3)], v[0], idx < 4 * n && (lane & ((16 >> (L - 1)) - 1)) == 0);
}

// ------------------------------------------------------------------ MK_ATTN2 (attempt 13)
// Decode attention of one KV head's 4 query heads with no block barrier per K/V chunk. Lane
// (g = lane >> 3, j = lane & 7) of warp w owns dims 8j..8j+7 of position group g: at step t it
// handles chunk position pi = 32t + 4w + g, so a warp's one 16-byte K (or V) load per lane and
// step reads 4 whole positions (512 contiguous bytes: 4 wavefronts, no bank conflict). q (4 heads
// x its 8 dims, pre-scaled by 1/8) lives in registers. Scores: 32 FMAs, then a transposed
// butterfly over the 8 lanes of the group (4 shuffles) leaves lane j the score of head j >> 1.
// Each warp keeps its own online-softmax state (max m and sum l of head j >> 1: warp-uniform per
// head; acc[h][8]: its group's partial P·V of every head for its 8 dims) across chunks, and the
// 8 warps merge once per instruction (attn2_merge: one barrier).
#ifndef MK_ATTN2
#define MK_ATTN2 1  // default since run 13 (0.761 vs 0.772 ms at KV 512); 0: the old 5-barrier attention;
                    // 2: attn2_op not inlined (slower: 0.768). NOTES.md attempt 13
#endif
#if MK_QTAG
static_assert(MK_HZERO && MK_OSPLIT == 1 && MK_ATTN2 == 1 && !MK_FUSED_AO && !MK_SIGWARP,
              "MK_QTAG needs MK_HZERO, the split-K O-proj with per-head counters, MK_ATTN2, the consumers' own release");
#endif
__device__ __forceinline__ uint4 lds128(uint32_t a) {
  uint4 v;
  asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "r"(a) : "memory");
  return v;
}
__device__ __forceinline__ float lds32f(uint32_t a) {
  float v;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(a) : "memory");
  return v;
}
__device__ __forceinline__ void sts128f(uint32_t a, float x, float y, float z, float w) {
  asm volatile("st.shared.v4.f32 [%0], {%1, %2, %3, %4};" ::"r"(a), "f"(x), "f"(y), "f"(z), "f"(w) : "memory");
}
__device__ __forceinline__ void sts64f(uint32_t a, float x, float y) {
  asm volatile("st.shared.v2.f32 [%0], {%1, %2};" ::"r"(a), "f"(x), "f"(y) : "memory");
}
struct Attn2 {
  float4 qa[4], qb[4];  // q[h][8j .. 8j+4), q[h][8j+4 .. 8j+8), times 1/8
  float m, l;           // head j >> 1: running max (warp-uniform), this lane's partial sum (its group g)
  float acc[4][8];      // head h, dims 8j..8j+7: this group's partial sum of p * v
};
// q of KV head kvh (query heads 4kvh .. 4kvh+3) from global memory (written by QKV in this launch:
// the caller has passed the wait's acquire and barrier); state reset.
__device__ __forceinline__ void attn2_init(Attn2& a, const float* q, int lane) {
  const int j = lane & 7;
#pragma unroll
  for (int h = 0; h < 4; ++h) {
    const float4 x = reinterpret_cast<const float4*>(q + h * HD + 8 * j)[0];
    const float4 y = reinterpret_cast<const float4*>(q + h * HD + 8 * j)[1];
    a.qa[h] = make_float4(x.x * 0.125f, x.y * 0.125f, x.z * 0.125f, x.w * 0.125f);
    a.qb[h] = make_float4(y.x * 0.125f, y.y * 0.125f, y.z * 0.125f, y.w * 0.125f);
  }
  a.m = -INFINITY;
  a.l = 0.f;
#pragma unroll
  for (int h = 0; h < 4; ++h)
#pragma unroll
    for (int e = 0; e < 8; ++e) a.acc[h][e] = 0.f;
}
// One chunk: n positions (n <= MAX_CHUNK; may be <= 0), the first nold in the K/V pages at shared
// addresses ka, va ([position][64] bf16), position nold (if n > nold) = position pos, whose 8 dims
// of this lane are kn, vn (registers). Uses no barrier; reads only the two pages.
__device__ __forceinline__ void attn2_chunk(Attn2& a, uint32_t ka, uint32_t va, uint4 kn, uint4 vn, int n, int nold,
                                            int warp, int lane) {
  const int g = lane >> 3, j = lane & 7;
  const bool b4 = j & 4, b2 = j & 2;
  constexpr int TMAX = MAX_CHUNK / 32;
  uint4 kk[TMAX], vv[TMAX];
#pragma unroll
  for (int t = 0; t < TMAX; ++t) {  // every load first (independent): one shared-memory latency
    const int pi = 32 * t + 4 * warp + g;  // pi >= n: K unused (score masked), V zero (p = 0)
    kk[t] = kn;
    vv[t] = make_uint4(0u, 0u, 0u, 0u);
    if (pi < nold) {
      kk[t] = lds128(ka + pi * (HD * 2) + j * 16);
      vv[t] = lds128(va + pi * (HD * 2) + j * 16);
    } else if (pi < n) {
      vv[t] = vn;
    }
  }
  float s[TMAX];
  float cm = -INFINITY;
#pragma unroll
  for (int t = 0; t < TMAX; ++t) {
    s[t] = -INFINITY;
    if (32 * t >= n) continue;  // warp-uniform: steps past the chunk's positions
    const int pi = 32 * t + 4 * warp + g;
    const float a0 = dot8(kk[t], a.qa[0], a.qb[0]), a1 = dot8(kk[t], a.qa[1], a.qb[1]);
    const float a2 = dot8(kk[t], a.qa[2], a.qb[2]), a3 = dot8(kk[t], a.qa[3], a.qb[3]);
    float c0 = b4 ? a2 : a0, c1 = b4 ? a3 : a1;  // transposed butterfly over lanes j (xor 4, 2, 1)
    c0 += __shfl_xor_sync(0xffffffffu, b4 ? a0 : a2, 4);
    c1 += __shfl_xor_sync(0xffffffffu, b4 ? a1 : a3, 4);
    float c = b2 ? c1 : c0;
    c += __shfl_xor_sync(0xffffffffu, b2 ? c0 : c1, 2);
    c += __shfl_xor_sync(0xffffffffu, c, 1);  // score of (pi, head j >> 1)
    s[t] = (pi < n) ? c : -INFINITY;
    cm = fmaxf(cm, s[t]);
  }
  cm = fmaxf(cm, __shfl_xor_sync(0xffffffffu, cm, 8));
  cm = fmaxf(cm, __shfl_xor_sync(0xffffffffu, cm, 16));
  const float mn = fmaxf(a.m, cm);
  const float base = (mn == -INFINITY) ? 0.f : mn;  // no valid position yet: every p is 0
  const float alpha = __expf(a.m - base);           // 0 while a.m = -inf
  float ps = 0.f;
#pragma unroll
  for (int t = 0; t < TMAX; ++t) {
    if (32 * t >= n) continue;
    s[t] = __expf(s[t] - base);  // -inf -> 0
    ps += s[t];
  }
  a.l = fmaf(a.l, alpha, ps);
  a.m = mn;
#pragma unroll
  for (int h = 0; h < 4; ++h) {  // rescale by head h's alpha (same in every group: lane 2h has it)
    const float ah = __shfl_sync(0xffffffffu, alpha, 2 * h);
#pragma unroll
    for (int e = 0; e < 8; ++e) a.acc[h][e] *= ah;
  }
#pragma unroll
  for (int t = 0; t < TMAX; ++t) {
    if (32 * t >= n) continue;  // warp-uniform
    float v[8];
    v[0] = __uint_as_float(vv[t].x << 16); v[1] = __uint_as_float(vv[t].x & 0xffff0000u);
    v[2] = __uint_as_float(vv[t].y << 16); v[3] = __uint_as_float(vv[t].y & 0xffff0000u);
    v[4] = __uint_as_float(vv[t].z << 16); v[5] = __uint_as_float(vv[t].z & 0xffff0000u);
    v[6] = __uint_as_float(vv[t].w << 16); v[7] = __uint_as_float(vv[t].w & 0xffff0000u);
#pragma unroll
    for (int h = 0; h < 4; ++h) {
      const float ph = __shfl_sync(0xffffffffu, s[t], (lane & 24) | (2 * h));  // p of (pi, head h)
#pragma unroll
      for (int e = 0; e < 8; ++e) a.acc[h][e] = fmaf(ph, v[e], a.acc[h][e]);
    }
  }
}
// Merge of the 8 warps' states (one consumer barrier): warp partials to rd (shared, 8 x 256 floats
// at shared address rda) and (m, l) to mla (8 x 4 x 2 floats); after the barrier thread tid gets
// head h = tid >> 6, dim d = tid & 63: o = sum_w e_w * acc_w (unnormalized), M, L = sum_w e_w * l_w,
// e_w = exp(m_w - M). Every thread must call it (it contains a barrier).
__device__ __forceinline__ void attn2_merge(Attn2& a, uint32_t rda, uint32_t mla, int tid, int warp, int lane,
                                            float& o, float& M, float& L) {
  const int g = lane >> 3, j = lane & 7;
  float l = a.l;
  l += __shfl_xor_sync(0xffffffffu, l, 8);
  l += __shfl_xor_sync(0xffffffffu, l, 16);
  const bool b16 = lane & 16, b8 = lane & 8;
  float r[2][8];
#pragma unroll
  for (int hh = 0; hh < 2; ++hh)  // xor 16: lanes with bit 16 keep heads 2, 3, the others 0, 1
#pragma unroll
    for (int e = 0; e < 8; ++e)
      r[hh][e] = (b16 ? a.acc[2 + hh][e] : a.acc[hh][e]) +
                 __shfl_xor_sync(0xffffffffu, b16 ? a.acc[hh][e] : a.acc[2 + hh][e], 16);
  float ov[8];
#pragma unroll
  for (int e = 0; e < 8; ++e)  // xor 8: lane (g, j) keeps head g
    ov[e] = (b8 ? r[1][e] : r[0][e]) + __shfl_xor_sync(0xffffffffu, b8 ? r[0][e] : r[1][e], 8);
  const uint32_t w0 = rda + (uint32_t)(warp * 256 + g * HD + 8 * j) * 4;
  sts128f(w0, ov[0], ov[1], ov[2], ov[3]);
  sts128f(w0 + 16, ov[4], ov[5], ov[6], ov[7]);
  if (g == 0 && (j & 1) == 0) sts64f(mla + (uint32_t)(warp * 8 + j) * 4, a.m, l);  // head j >> 1
  consumer_bar();
  const int h = tid >> 6, d = tid & 63;
  float mw[NCONS_WARPS];
  M = -INFINITY;
#pragma unroll
  for (int w = 0; w < NCONS_WARPS; ++w) {
    mw[w] = lds32f(mla + (uint32_t)(w * 8 + 2 * h) * 4);
    M = fmaxf(M, mw[w]);
  }
  o = 0.f;
  L = 0.f;
#pragma unroll
  for (int w = 0; w < NCONS_WARPS; ++w) {
    const float e = (mw[w] == -INFINITY) ? 0.f : __expf(mw[w] - M);
    o = fmaf(e, lds32f(rda + (uint32_t)(w * 256 + h * HD + d) * 4), o);
    L = fmaf(e, lds32f(mla + (uint32_t)(w * 8 + 2 * h + 1) * 4), L);
  }
}

// The ATTN instruction with MK_ATTN2 (its K, V pages are gp0, gp0 + 1). MK_ATTN2=2: not inlined (the
// kernel's register allocation for the GEMV loops stays apart from it). MK_ATTN2_STAMP=k (MK_TRACE
// builds, diagnosis only): thread 0 overwrites the instruction's "input" stamp tr[3] when k = 1: q
// and the new K/V have arrived; 2: also both pages acquired; 3: also its chunk math is done (before
// the merge). A shared store of a value that depends on them precedes the clock read (in-order issue).
#ifndef MK_ATTN2_STAMP
#define MK_ATTN2_STAMP 0
#endif
#if MK_ATTN2 == 2
#define MK_ATTN2_INLINE __noinline__
#else
#define MK_ATTN2_INLINE __forceinline__
#endif
__device__ __forceinline__ void attn2_stamp(int k, float v, float* red, unsigned long long* tr, int tid) {
#if MK_TRACE && MK_ATTN2_STAMP
  if (k == MK_ATTN2_STAMP && tid == 0 && tr) {
    asm volatile("st.shared.f32 [%0], %1;" ::"r"(smem_addr(red + 63)), "f"(v) : "memory");
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory");
    tr[3] = t;
  }
#endif
}
__device__ MK_ATTN2_INLINE void attn2_op(const Params& p, uint8_t* pages, float* xs, float* red, uint64_t* full,
                                         uint64_t* empty, int l, int start, int gp0, int total_pages, int tid,
                                         int warp, int lane, unsigned long long* tr, bool qtag, float* stg) {
  const int kvh = start / p.nchunks, c = start % p.nchunks;
  const int p0 = c * p.kv_chunk;
  const int n = min(p0 + p.kv_chunk, p.pos + 1) - p0;    // positions of this chunk (may be <= 0)
  const int nold = max(0, min(p.kv_chunk, p.pos - p0));  // of them in the K/V pages
  Attn2 st;
  uint4 kn = make_uint4(0u, 0u, 0u, 0u), vn = kn;
#if MK_QTAG
  if (qtag) {
    // attempt 17: no counter wait before this instruction. Warp 0 polls the tagged words of KV head kvh (q of its 4
    // query heads; the new K/V row if position pos lies in this chunk) until every one carries this launch's epoch;
    // lane 0 also reads word 0 with ld.acquire.gpu (it observes a QKV thread's fence.acq_rel + tagged store: an
    // acquire of a release pattern, so everything that QKV instruction had acquired -- down(l-1) of every SM, hence
    // gate/up(l-1)'s h_mid[l] zero stores -- happens before this instruction's release, which the O-proj acquires).
    // The payloads go to stg (shared: q [256] f32, then K [64] and V [64] bf16), then one consumer barrier.
    uint16_t* kvs = reinterpret_cast<uint16_t*>(stg + 4 * HD);
    const bool own = n > nold;
    if (warp == 0) {
      const unsigned long long* src = p.qtag + (size_t)l * QT_LAYER;
      const unsigned long long* qsrc = src + kvh * 4 * HD;
      const unsigned ep = p.epoch;
      unsigned long long w[8], kw = 0ull, vw = 0ull;
      unsigned spins = 0;
      for (;;) {
        bool ok = true;
#pragma unroll
        for (int k = 0; k < 8; ++k) {
          w[k] = ld_relaxed_u64(qsrc + lane + 32 * k);
          ok &= (unsigned)(w[k] >> 32) == ep;
        }
        if (own) {
          kw = ld_relaxed_u64(src + D + kvh * (HD / 2) + lane);
          vw = ld_relaxed_u64(src + D + NKV * (HD / 2) + kvh * (HD / 2) + lane);
          ok &= ((unsigned)(kw >> 32) == ep) & ((unsigned)(vw >> 32) == ep);
        }
        if (lane == 0) ok &= (unsigned)(ld_acquire_u64(qsrc) >> 32) == ep;
        if (ok || p.mode != 0) break;
        watchdog(spins, "qtag wait", l, kvh);
      }
#pragma unroll
      for (int k = 0; k < 8; ++k) stg[lane + 32 * k] = __uint_as_float((unsigned)w[k]);
      if (own) {
        kvs[lane] = (uint16_t)kw;  // K word d: dims d, d + 32
        kvs[lane + 32] = (uint16_t)(kw >> 16);
        const int m = lane >> 2, jj = lane & 3;  // V word 4m + j: dims 8m + j, 8m + j + 4
        kvs[HD + 8 * m + jj] = (uint16_t)vw;
        kvs[HD + 8 * m + jj + 4] = (uint16_t)(vw >> 16);
      }
    }
    consumer_bar();  // stg complete (the previous instruction's shared reads ended at its publish barrier)
    attn2_init(st, stg, lane);
    if (own) {
      kn = reinterpret_cast<const uint4*>(kvs)[lane & 7];
      vn = reinterpret_cast<const uint4*>(kvs + HD)[lane & 7];
    }
  } else
#endif
  {
    attn2_init(st, p.q + (size_t)l * D + kvh * 4 * HD, lane);  // after the wait's acquire + barrier
    if (n > nold) {  // position pos lies in this chunk: its K/V row was written by QKV this launch
      const size_t off = ((size_t)(l * NKV + kvh) * MAX_POS + p.pos) * HD + 8 * (lane & 7);
      kn = *reinterpret_cast<const uint4*>(p.kcache + off);
      vn = *reinterpret_cast<const uint4*>(p.vcache + off);
    }
  }
  (void)qtag;
  (void)stg;
  attn2_stamp(1, st.qa[3].w + st.qb[3].w + __uint_as_float(kn.w ^ vn.w), red, tr, tid);
  page_acquire(full, gp0);
  page_acquire(full, gp0 + 1);
  attn2_stamp(2, st.qa[3].w + st.qb[3].w + __uint_as_float(kn.w ^ vn.w), red, tr, tid);
  attn2_chunk(st, smem_addr(pages + (size_t)(gp0 % NPAGES) * PAGE_BYTES),
              smem_addr(pages + (size_t)((gp0 + 1) % NPAGES) * PAGE_BYTES), kn, vn, n, nold, warp, lane);
  attn2_stamp(3, st.acc[3][7] + st.l, red, tr, tid);
  page_release(empty, gp0, total_pages);  // this thread's reads of the K and V pages are done
  page_release(empty, gp0 + 1, total_pages);
  float o, M, L;
  attn2_merge(st, smem_addr(xs), smem_addr(xs + 2048), tid, warp, lane, o, M, L);
  const int h = tid >> 6, d = tid & 63;
  const size_t hc = (size_t)(l * NQ + kvh * 4 + h) * p.nchunks + c;
  p.part_o[hc * HD + d] = o;
  if (d == 0) {
    p.part_ml[hc * 2] = M;
    p.part_ml[hc * 2 + 1] = L;
  }
}

#if MK_FUSED_AO
// MK_FUSED_AO (attempt 11): the fused instruction's attention and split-K O-proj (pages gp0 ..
// gp0 + instr_pages(in)); its output rows end in s.out[0 .. count*FUSED_ROWS). Not inlined: its
// registers stay out of the GEMV page loops' allocation.
__device__ __noinline__ void fused_attn_oproj(const Params& p, uint8_t* pages, float* xs, float* out, uint64_t* full,
                                              uint64_t* empty, int l, int count, int flags, int gp0,
                                              int total_pages, int tid, int warp, int lane) {
  struct { uint8_t* pages; float* xs; float* out; uint64_t* full; uint64_t* empty; } s = {pages, xs, out, full, empty};
  struct { int count, flags; } in = {count, flags};
    // Attention of KV head g (query heads 4g..4g+3) over positions 0..pos, chunk by chunk (K, V pages
    // of kv_chunk positions; position pos from the cache, written by QKV in this launch), merged
    // online in registers (thread t: head t/64, dim t%64); then the split-K O-proj: each warp owns
    // 4 full rows of every Wo page (g's 256 columns), so no cross-warp reduction: rows go to out[].
    const int g = (in.flags >> 8) & 7, nkv = (in.flags >> 16) & 255, S = p.kv_chunk;
#if MK_ATTN2
    // attempt 13: every chunk through the per-warp online softmax (no barrier per chunk), one merge
    float* ofin = s.xs + 2304;  // the merged o [256] (beyond the merge's rd [2048] and ml [64])
    {
      Attn2 st;
      attn2_init(st, p.q + (size_t)l * D + g * 4 * HD, lane);
      const size_t off = ((size_t)(l * NKV + g) * MAX_POS + p.pos) * HD + 8 * (lane & 7);
      const uint4 kn = *reinterpret_cast<const uint4*>(p.kcache + off);  // position pos (written by QKV)
      const uint4 vn = *reinterpret_cast<const uint4*>(p.vcache + off);
      for (int cc = 0; cc < nkv / 2; ++cc) {
        const int c = fused_chunk(in.flags, cc), gk = gp0 + 2 * cc;
        const int p0 = c * S;
        const int n = min(p0 + S, p.pos + 1) - p0;
        const int nold = max(0, min(S, p.pos - p0));
        page_acquire(s.full, gk);
        page_acquire(s.full, gk + 1);
        if (!MK_FUSED_DIAG)
          attn2_chunk(st, smem_addr(s.pages + (size_t)(gk % NPAGES) * PAGE_BYTES),
                      smem_addr(s.pages + (size_t)((gk + 1) % NPAGES) * PAGE_BYTES), kn, vn, n, nold, warp, lane);
        page_release(s.empty, gk, total_pages);
        page_release(s.empty, gk + 1, total_pages);
      }
      float o, M, L;
      attn2_merge(st, smem_addr(s.xs), smem_addr(s.xs + 2048), tid, warp, lane, o, M, L);
      ofin[tid] = o / L;  // group column tid = 64 * (head in group) + dim
    }
#else
    float* qs = s.xs;           // [4][64]
    float* sc = s.xs + 256;     // [4][MAX_CHUNK]; after the loop: the merged o [256]
    float* cml = s.xs + 768;    // [4][2] chunk (max, sum)
    float* rd = s.xs + 1024;    // [8 warps][4][64]
    uint16_t* knew = reinterpret_cast<uint16_t*>(s.xs + 3072);
    uint16_t* vnew = knew + HD;
    qs[tid] = p.q[(size_t)l * D + g * 4 * HD + tid];
    if (tid < HD) {
      const size_t off = ((size_t)(l * NKV + g) * MAX_POS + p.pos) * HD + tid;
      knew[tid] = p.kcache[off];
      vnew[tid] = p.vcache[off];
    }
    float* ofin = sc;
    const int hh = tid >> 6, dd = tid & 63;
    float M = -INFINITY, Lsum = 0.f, acc = 0.f;
    for (int cc = 0; cc < nkv / 2; ++cc) {
      const int c = fused_chunk(in.flags, cc), gk = gp0 + 2 * cc;  // chunk c arrives as the cc-th K/V pair
      const int p0 = c * S;
      const int n = min(p0 + S, p.pos + 1) - p0;       // positions of this chunk (may be <= 0)
      const int nold = max(0, min(S, p.pos - p0));     // of them in the K/V pages
      page_acquire(s.full, gk);
      page_acquire(s.full, gk + 1);
      const uint16_t* kpage = reinterpret_cast<const uint16_t*>(s.pages + (size_t)(gk % NPAGES) * PAGE_BYTES);
      const uint16_t* vpage = reinterpret_cast<const uint16_t*>(s.pages + (size_t)((gk + 1) % NPAGES) * PAGE_BYTES);
      consumer_bar();  // qs/knew/vnew written (cc = 0); the previous chunk's reads of sc, cml, rd done
      if (n > 0 && !MK_FUSED_DIAG) {
        {
          const int pi = tid >> 1, half = tid & 1;
          float sh[4] = {0.f, 0.f, 0.f, 0.f};
          if (pi < n) {
            const uint4* kr = reinterpret_cast<const uint4*>((pi < nold ? kpage + pi * HD : knew) + half * 32);
#pragma unroll
            for (int k4 = 0; k4 < 4; ++k4) {
              uint4 kk = kr[k4];
#pragma unroll
              for (int h = 0; h < 4; ++h) {
                const float4* qq = reinterpret_cast<const float4*>(qs + h * HD + half * 32 + k4 * 8);
                sh[h] += dot8(kk, qq[0], qq[1]);
              }
            }
          }
#pragma unroll
          for (int h = 0; h < 4; ++h) sh[h] += __shfl_xor_sync(0xffffffffu, sh[h], 1);
          if (half == 0 && pi < n) {
#pragma unroll
            for (int h = 0; h < 4; ++h) sc[h * MAX_CHUNK + pi] = sh[h] * 0.125f;
          }
        }
        consumer_bar();
        if (warp < 4) {  // softmax statistics of head `warp` over this chunk
          float m = -INFINITY;
          for (int i2 = lane; i2 < n; i2 += 32) m = fmaxf(m, sc[warp * MAX_CHUNK + i2]);
          m = warp_max(m);
          float sum = 0.f;
          for (int i2 = lane; i2 < n; i2 += 32) {
            const float e = __expf(sc[warp * MAX_CHUNK + i2] - m);
            sc[warp * MAX_CHUNK + i2] = e;
            sum += e;
          }
          sum = warp_sum(sum);
          if (lane == 0) { cml[warp * 2] = m; cml[warp * 2 + 1] = sum; }
        }
        consumer_bar();
        float a4[4][2] = {{0.f, 0.f}, {0.f, 0.f}, {0.f, 0.f}, {0.f, 0.f}};
#pragma unroll 4
        for (int i2 = warp; i2 < n; i2 += NCONS_WARPS) {
          const unsigned v = reinterpret_cast<const unsigned*>(i2 < nold ? vpage + i2 * HD : vnew)[lane];
          const float v0 = __uint_as_float(v << 16), v1 = __uint_as_float(v & 0xffff0000u);
#pragma unroll
          for (int h = 0; h < 4; ++h) {
            const float pr = sc[h * MAX_CHUNK + i2];
            a4[h][0] = fmaf(pr, v0, a4[h][0]);
            a4[h][1] = fmaf(pr, v1, a4[h][1]);
          }
        }
#pragma unroll
        for (int h = 0; h < 4; ++h) {
          rd[(warp * 4 + h) * HD + 2 * lane] = a4[h][0];
          rd[(warp * 4 + h) * HD + 2 * lane + 1] = a4[h][1];
        }
      }
      page_release(s.empty, gk, total_pages);  // this thread's reads of the K and V pages are done
      page_release(s.empty, gk + 1, total_pages);
      consumer_bar();  // rd, cml complete
      if (n > 0 && !MK_FUSED_DIAG) {  // online merge of this chunk into (M, Lsum, acc)
        float o = 0.f;
#pragma unroll
        for (int w = 0; w < NCONS_WARPS; ++w) o += rd[(w * 4 + hh) * HD + dd];
        const float mc = cml[hh * 2], sc_c = cml[hh * 2 + 1];
        const float nm = fmaxf(M, mc);
        const float ea = __expf(M - nm), eb = __expf(mc - nm);
        acc = fmaf(acc, ea, o * eb);
        Lsum = fmaf(Lsum, ea, sc_c * eb);
        M = nm;
      }
    }
    sc[tid] = acc / Lsum;  // o of group column tid = 64 * (head in group) + dim (sc reads ended before the last bar)
#endif
    consumer_bar();
    const float4 oa = reinterpret_cast<const float4*>(ofin)[2 * lane];  // columns 8*lane .. 8*lane+8
    const float4 ob = reinterpret_cast<const float4*>(ofin)[2 * lane + 1];
    const bool h16 = lane & 16, h8 = lane & 8;
    for (int q = 0; q < in.count; ++q) {
      const int gp = gp0 + nkv + q;
      page_acquire(s.full, gp);
      const uint4* w = reinterpret_cast<const uint4*>(s.pages + (size_t)(gp % NPAGES) * PAGE_BYTES) + warp * 4 * 32 + lane;
      const float a0 = dot8(w[0], oa, ob), a1 = dot8(w[32], oa, ob);
      const float a2 = dot8(w[64], oa, ob), a3 = dot8(w[96], oa, ob);
      page_release(s.empty, gp, total_pages);
      float k0 = h16 ? a2 : a0, k1 = h16 ? a3 : a1;
      const float s0 = h16 ? a0 : a2, s1 = h16 ? a1 : a3;
      k0 += __shfl_xor_sync(0xffffffffu, s0, 16);
      k1 += __shfl_xor_sync(0xffffffffu, s1, 16);
      float kk = h8 ? k1 : k0;
      kk += __shfl_xor_sync(0xffffffffu, h8 ? k0 : k1, 8);
      kk += __shfl_xor_sync(0xffffffffu, kk, 4);
      kk += __shfl_xor_sync(0xffffffffu, kk, 2);
      kk += __shfl_xor_sync(0xffffffffu, kk, 1);
      if ((lane & 7) == 0) s.out[q * FUSED_ROWS + warp * 4 + (h16 ? 2 : 0) + (h8 ? 1 : 0)] = kk;
    }
    consumer_bar();  // out[] complete
}
#endif

// ------------------------------------------------------------------ the kernel
__global__ void __launch_bounds__(NTHREADS, 1) megakernel(const __grid_constant__ Params p) {
  extern __shared__ __align__(128) uint8_t smem_raw[];
  Smem s;
  {
    uintptr_t base = (reinterpret_cast<uintptr_t>(smem_raw) + 127) & ~(uintptr_t)127;
    uint8_t* b = reinterpret_cast<uint8_t*>(base);
    s.pages = b; b += (size_t)NPAGES * PAGE_BYTES;
    s.xs = reinterpret_cast<float*>(b); s.slot = s.xs; b += XS_FLOATS * 4;
    s.out = reinterpret_cast<float*>(b); b += MAX_OUT * 4;
    s.red = reinterpret_cast<float*>(b); b += 64 * 4;
    s.full = reinterpret_cast<uint64_t*>(b); b += NPAGES * 8;
    s.empty = reinterpret_cast<uint64_t*>(b); b += NPAGES * 8;
    s.ins = reinterpret_cast<Instr*>(b); b += MAX_SM_INSTRS * sizeof(Instr);
    s.tag = reinterpret_cast<int*>(b); b += NPAGES * 4;
    s.gate = reinterpret_cast<uint64_t*>((reinterpret_cast<uintptr_t>(b) + 7) & ~(uintptr_t)7);
#if MK_DIAG
    s.diag = reinterpret_cast<unsigned*>(s.gate + (MK_RELGATE ? (MK_RELGATE_PRE ? 2 : 1) * GATES : 0));
#endif
  }
  const int tid = threadIdx.x;
  const int warp = tid >> 5, lane = tid & 31;
  if (tid == 0) {
    for (int i = 0; i < NGROUPS; ++i) { mbar_init(&s.full[i], 1); mbar_init(&s.empty[i], EMPTY_COUNT); }
#if MK_RELGATE
    for (int i = 0; i < (MK_RELGATE_PRE ? 2 : 1) * GATES; ++i) mbar_init(&s.gate[i], 1);
#endif
#if MK_REL_HOLD
    *reinterpret_cast<volatile int*>(&s.red[60]) = 0;
#endif
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  // stage this SM's instruction list in shared memory (written by the host, read-only here)
  const int first = p.sm_begin[blockIdx.x];
  const int n_ins = p.sm_begin[blockIdx.x + 1] - first;
  if ((MK_GUARD & 1) && (n_ins < 0 || n_ins > MAX_SM_INSTRS)) __trap();  // s.ins holds MAX_SM_INSTRS
  for (int i = tid; i < n_ins * 8; i += NTHREADS)
    reinterpret_cast<int*>(s.ins)[i] = reinterpret_cast<const int*>(p.instrs + first)[i];
  __syncthreads();
  int total_pages = 0;  // this SM's page sequence length (the last page group may be short)
  for (int i = 0; i < n_ins; ++i) {
    if ((MK_GUARD & 2) && !instr_in_bounds(s.ins[i])) __trap();
    total_pages += instr_pages(s.ins[i]);
  }

  // ---------------------------------------------------------------- loader
  if (warp == NCONS_WARPS) {
    if (lane != 0) return;
#if MK_TRACE
    unsigned long long* tr = p.trace + (size_t)blockIdx.x * TRACE_PER_SM;
    tr[MAX_SM_INSTRS * 8 + 0] = gtimer();
    tr[MAX_SM_INSTRS * 8 + 1] = clock64();
    tr[MAX_SM_INSTRS * 8 + 2] = (unsigned long long)n_ins;
    {  // attempt 24: the physical SM this CTA runs on (trace24_report.py)
      unsigned smid;
      asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
      tr[MAX_SM_INSTRS * 8 + 5] = smid;
    }
#endif
#if MK_L2_PREFETCH > 0
    // Prefetch cursor: page number pf_g = page pf_q of instruction pf_i. When the loader has
    // issued the copy of page gp it has asked L2 for every page up to gp + MK_L2_PREFETCH, so
    // while it waits for a free slot, HBM keeps streaming up to MK_L2_PREFETCH pages beyond the
    // ring. Pages < NPAGES are copied at once at the start and are not prefetched.
    int pf_i = 0, pf_q = 0, pf_g = 0;
#endif
    int gp = 0;  // this SM's page sequence number
#if MK_RELGATE
    // the oldest gated instruction whose gate the loader has not passed: g_ins (n_ins: none left), its pages
    // g_first..g_last, its gate number g_n; g_scan/g_scanp: where the search for the next one resumes
    const bool gate_on = p.mode != 2;  // mode 2: the consumers do not publish, so they do not arrive
    int g_ins = -1, g_first = 0, g_last = -1, g_n = 0, g_scan = 0, g_scanp = 0;
    auto gate_next = [&]() {
      g_ins = n_ins;
      while (g_scan < n_ins) {
        const Instr& gi = s.ins[g_scan];
        if ((MK_GUARD & 4) && !instr_in_bounds(gi)) __trap();
        const int gnp = instr_pages(gi);
        const int at = g_scan;
        ++g_scan;
        g_scanp += gnp;
#if MK_RELGATE_NOGU
        if (gated(gi, gnp)) { g_ins = at; g_first = g_scanp - gnp; g_last = g_scanp - 1; return; }
#else
        if (gi.signal_ctr >= 0 && gnp > 0) { g_ins = at; g_first = g_scanp - gnp; g_last = g_scanp - 1; return; }
#endif
      }
    };
    gate_next();
#endif
    for (int i = 0; i < n_ins; ++i) {
      const Instr in = s.ins[i];
      if ((MK_GUARD & 4) && !instr_in_bounds(in)) __trap();
      const int np = instr_pages(in);
#if MK_LMDYN > 0
      if (in.op == OP_LMHEAD) {
        // Dynamic LM head (in.start/in.count are ignored). Page index = LM-head page (4 rows) 0..T-1.
        // Claims of C pages come from a relaxed u64 ticket that is never reset: every launch makes
        // exactly ceil(T/C) successful claims plus one failing claim per CTA (each CTA stops at its
        // first claim >= T), so launch `epoch` uses tickets from (epoch-1) * per_launch on. The
        // ticket only distributes work; the LM head's results are published as before (writes,
        // bar.sync, red.release.gpu; ARGMAX: ld.acquire.gpu, bar.sync). Each page's index travels to
        // the consumers in tag[slot], written before the arrive on full[slot] (mbarrier.arrive:
        // release.cta; the consumers' try_wait: acquire.cta) and overwritten only after the slot's
        // empty phase (every consumer reads tag[slot] before its arrive). After the last claimed
        // page one more slot carries tag -1 (no copy, a plain arrive): the end of the LM head.
        constexpr long long C = MK_LMDYN;
        const long long T = p.vocab / 4;
        const unsigned long long per_launch = (unsigned long long)((T + C - 1) / C + gridDim.x) * C;
        const unsigned long long base = (unsigned long long)(p.epoch - 1u) * per_launch;
        unsigned long long* ticket =
            reinterpret_cast<unsigned long long*>(p.counters + counter_id(p.n_layers, OP_NOP) * CTR_STRIDE);
        long long cur = (long long)(atom_add_relaxed_u64(ticket, C) - base);
#if MK_TRACE
        tr[i * 8 + 6] = clock64();
#endif
        for (;;) {
          const bool end = cur >= T;
          long long nxt = 0;
          if (!end) nxt = (long long)(atom_add_relaxed_u64(ticket, C) - base);  // in flight during this chunk
          const int nq = end ? 1 : (int)min(C, T - cur);
          for (int k = 0; k < nq; ++k, ++gp) {
            const int slot = gp % NPAGES;
            if (gp >= NPAGES) mbar_wait(&s.empty[slot], ((gp / NPAGES) - 1) & 1);
            if (end) {
              s.tag[slot] = -1;
              mbar_arrive(&s.full[slot]);
            } else {
              s.tag[slot] = (int)(cur + k);
              mbar_arrive_expect_tx(&s.full[slot], PAGE_BYTES);
              bulk_copy_g2s(s.pages + (size_t)slot * PAGE_BYTES, p.w + p.lay.embed + (cur + k) * 4 * D, PAGE_BYTES,
                            &s.full[slot]);
            }
          }
          if (end) break;
          cur = nxt;
        }
#if MK_TRACE
        tr[i * 8 + 7] = clock64();
#endif
        continue;
      }
#endif
#if MK_REL_HOLD
      if (np > 0 && p.mode == 0)
        while (*reinterpret_cast<volatile int*>(&s.red[60]) < i) {}
#endif
      for (int q = 0; q < np; ++q, ++gp) {
        const int slot = gp % NPAGES;
        const int gg = gp / GROUP, b = gg % NGROUPS;
        if (gp % GROUP == 0 && gg >= NGROUPS) mbar_wait(&s.empty[b], ((gg / NGROUPS) - 1) & 1);
#if MK_INFLIGHT > 0
        // attempt 14: at most MK_INFLIGHT copies in flight: copy gp is issued only after copy gp - MK_INFLIGHT
        // has completed (its full phase). That slot's next use (page gp - MK_INFLIGHT + NPAGES > gp) is armed by
        // this thread only later, so the parity names exactly that phase (no aliasing).
#if MK_INFLIGHT2 >= 0
        const int kin = q >= NPAGES ? MK_INFLIGHT2 : MK_INFLIGHT;  // attempt 15: see MK_INFLIGHT2
#else
        constexpr int kin = MK_INFLIGHT;
#endif
        if (kin > 0 && gp >= kin) {
          const int go = gp - kin;
          mbar_wait(&s.full[go % NPAGES], (go / NPAGES) & 1);
        }
#endif
#if MK_RELGATE
        // attempt 15: hold pages of later instructions while the consumers are in a gated instruction's
        // release window (see MK_RELGATE). Only pages of instruction i > g_ins are ever held.
        while (gate_on && g_ins < i) {
          bool hold = gp > g_last + MK_RELGATE_A;
#if MK_RELGATE_PRE
          if (!hold) hold = mbar_test_wait(&s.gate[GATES + g_n % GATES], (g_n / GATES) & 1);
#elif MK_RELGATE_D >= 0
          if (!hold) {
            const int x = max(g_first, g_last - MK_RELGATE_D);
            // page x's use k = x / NPAGES: the consumers cannot finish use k + 1 (page x + NPAGES) before this
            // thread issues it, so while gp < x + NPAGES the parity names exactly use k; from there on the empty
            // wait above (page gp - NPAGES >= x) has seen it done
            hold = gp >= x + NPAGES || mbar_test_wait(&s.empty[x % NPAGES], (x / NPAGES) & 1);
          }
#endif
          if (!hold) break;
          mbar_wait(&s.gate[g_n % GATES], (g_n / GATES) & 1);
          ++g_n;
          gate_next();
        }
#endif
#if MK_TRACE
        if (q == 0) tr[i * 8 + 6] = clock64();
#endif
        uint8_t* dst = s.pages + (size_t)slot * PAGE_BYTES;
        unsigned bytes;
        const void* src = page_ptr(p, in, q, bytes);
        const bool last_of_group = (gp % GROUP == GROUP - 1) || gp == total_pages - 1;
        if ((MK_FUSED_AO && in.op == OP_OPROJ && (in.flags & FLAG_FUSED) && q >= ((in.flags >> 16) & 255)) ||
            (MK_OSPLIT && !MK_OSPLIT_BLK && in.op == OP_OPROJ && (in.flags & FLAG_SPLITK))) {
          // fused / split-K O-proj Wo page: FUSED_ROWS (= OSPLIT_ROWS) rows, each 512 B (KV head g's 256
          // columns) at row stride D
          static_assert(FUSED_ROWS == OSPLIT_ROWS, "one piece-copy path");
          const int g = (in.flags >> 8) & 7;
          const int r0 = (in.start + q - ((in.flags & FLAG_FUSED) ? ((in.flags >> 16) & 255) : 0)) * FUSED_ROWS;
          const uint16_t* src0 = p.w + p.lay.layer[in.layer].wo + (size_t)r0 * D + g * 4 * HD;
          mbar_arrive_expect_tx(&s.full[b], PAGE_BYTES);
#pragma unroll 1
          for (int k = 0; k < FUSED_ROWS; ++k)
            bulk_copy_g2s(dst + k * (4 * HD * 2), src0 + (size_t)k * D, 4 * HD * 2, &s.full[b]);
        } else if (GROUP == 1) {
          if (bytes == 0) {
            mbar_arrive(&s.full[b]);  // attention chunk with no old positions: nothing to copy
          } else {
            mbar_arrive_expect_tx(&s.full[b], bytes);
            bulk_copy_g2s(dst, src, bytes, &s.full[b]);
          }
        } else {
          // expect_tx before each copy; the one arrival (count 1) after the group's last copy, so
          // the phase cannot complete before every copy of the group has been accounted for
          if (bytes > 0) {
            mbar_expect_tx(&s.full[b], bytes);
            bulk_copy_g2s(dst, src, bytes, &s.full[b]);
          }
          if (last_of_group) mbar_arrive(&s.full[b]);
        }
#if MK_L2_PREFETCH > 0
        while (pf_i < n_ins && pf_g <= gp + MK_L2_PREFETCH) {
          const Instr& pin = s.ins[pf_i];
          if (pf_q >= instr_pages(pin)) { ++pf_i; pf_q = 0; continue; }
          if (pf_g >= NPAGES) {
            unsigned pb;
            const void* ps = page_ptr(p, pin, pf_q, pb);
            if (pb) bulk_prefetch_l2(ps, pb);
          }
          ++pf_q; ++pf_g;
        }
#endif
      }
#if MK_TRACE
      tr[i * 8 + 7] = clock64();
#endif
    }
    return;
  }
#if MK_SIGWARP
  // ---------------------------------------------------------------- signal warp
  // Consumers: epilogue writes; bar.sync 3 (ACK: this warp has passed S of the previous
  // instruction, and every consumer is done with the instruction's shared memory); bar.arrive 2 (S).
  // Here: bar.sync 2 (S: the consumers' writes of instruction i are ordered before it), bar.arrive 3
  // (lets the consumers finish instruction i+1), then lane 0 red.release.gpu, so the release's
  // latency stalls only this warp. ACK keeps the consumers at most one S ahead of this warp, so
  // the arrivals of two instructions never meet in one phase of barrier 2.
  if (warp == NCONS_WARPS + 1) {
    if (p.mode == 2) return;  // timing variant: the consumers do not signal
    asm volatile("bar.arrive 3, %0;" ::"n"(NCONS + 32) : "memory");  // ACK for instruction 0
    for (int i = 0; i < n_ins; ++i) {
      asm volatile("bar.sync 2, %0;" ::"n"(NCONS + 32) : "memory");
      if (i + 1 < n_ins) asm volatile("bar.arrive 3, %0;" ::"n"(NCONS + 32) : "memory");
      const int sc = s.ins[i].signal_ctr;
      if (lane == 0 && sc >= 0) red_release(&p.counters[sc * CTR_STRIDE], 1u);
    }
    return;
  }
#endif

  // ---------------------------------------------------------------- consumers
  const int tok = p.tokens[p.pos];
  const uint16_t* emb_row = p.w + p.lay.embed + (long long)tok * D;
  int gp0 = 0;
#if MK_RELGATE
  int gate_c = 0;  // thread 0: gated instructions released so far
#endif
  for (int i = 0; i < n_ins; ++i) {
    const Instr in = s.ins[i];
    if ((MK_GUARD & 4) && !instr_in_bounds(in)) __trap();
    const int l = in.layer;
    const int np = instr_pages(in);
#if MK_TRACE
    unsigned long long* tr = p.trace + (size_t)blockIdx.x * TRACE_PER_SM + i * 8;
    if (tid == 0) {
      tr[0] = (unsigned long long)in.op | ((unsigned long long)in.layer << 8) | ((unsigned long long)np << 16) |
              ((unsigned long long)in.flags << 32);
      tr[1] = clock64();
    }
#endif
#if MK_PROLOGUE_OPT
    // RoPE angles depend only on pos: computed before the wait, off the critical path.
    float rcs = 1.f, rsn = 0.f;
    if (in.op == OP_QKV) rope_cs(p, in, tid, rcs, rsn);
#endif

    // 1. dependency
    if ((in.flags & FLAG_WAIT) && p.mode == 0) {
      if (tid == 0) {
        const unsigned target = p.epoch * (unsigned)in.wait_count;  // mod 2^32 (the wrap-safe tests: MK_WAITCMP)
        unsigned spins = 0;
#if MK_POLL2
        // attempt 14: two polls in flight, MK_POLL2 cycles apart (each an ld.acquire.gpu; the one that sees
        // the target is the acquire that the barrier below extends to the CTA)
        const unsigned* cp = &p.counters[in.wait_ctr * CTR_STRIDE];
        unsigned va = ld_acquire(cp);
        if (ctr_below(va, target)) {
          const long long t0 = clock64();
          while (clock64() - t0 < MK_POLL2) {}
          unsigned vb = ld_acquire(cp);
          for (;;) {
            if (!ctr_below(va, target)) break;
            va = ld_acquire(cp);
            if (!ctr_below(vb, target)) break;
            vb = ld_acquire(cp);
            watchdog(spins, "counter wait", in.wait_ctr, (int)target);
          }
        }
#else
#if MK_WAITCMP == 3
        while (ld_acquire_minus_prod(&p.counters[in.wait_ctr * CTR_STRIDE], p.epoch, (unsigned)in.wait_count) < 0) {
#elif MK_WAITCMP == 2
        while (ld_acquire_minus(&p.counters[in.wait_ctr * CTR_STRIDE], target) < 0) {
#elif MK_WAITCMP == 1
        while (ctr_below(ld_acquire(&p.counters[in.wait_ctr * CTR_STRIDE]), target)) {
#elif MK_WAITCMP == 4
        counter_wait_call(&p.counters[in.wait_ctr * CTR_STRIDE], target, in.wait_ctr);
        if (0) {
#elif MK_WAITCMP == 5
        while (ctr_wait_asm(&p.counters[in.wait_ctr * CTR_STRIDE], target) == 0) {
          spins = (1u << 26) - 1;  // the watchdog below fires
#elif MK_WAITCMP == 6
        ctr_wait_asm_nowd(&p.counters[in.wait_ctr * CTR_STRIDE], target);
        if (0) {
#elif MK_WAITCMP == 7
        // default (attempt 26): (counter - base) < count, base = target - count; the counter of launch `epoch` is in
        // [base, target] (see the header), so counter - base mod 2^32 counts this launch's signals
        while (ld_acquire(&p.counters[in.wait_ctr * CTR_STRIDE]) - (target - (unsigned)in.wait_count) <
               (unsigned)in.wait_count) {
#else
        while (ld_acquire(&p.counters[in.wait_ctr * CTR_STRIDE]) < target) {
#endif
          watchdog(spins, "counter wait", in.wait_ctr, (int)target);
#if MK_SPIN_NS
          __nanosleep(MK_SPIN_NS);
#endif
        }
#endif
      }
      consumer_bar();
    }
#if MK_TRACE
    if (tid == 0) tr[2] = clock64();
#endif
    if (p.mode == 2) {  // timing variant: consume the pages, nothing else
#if MK_LMDYN > 0
      if (in.op == OP_LMHEAD) {
        for (;;) {
          page_acquire(s.full, gp0);
          const int t = s.tag[gp0 % NPAGES];
          page_release(s.empty, gp0, total_pages);
          ++gp0;
          if (t < 0) break;
        }
        continue;
      }
#endif
      for (int q = 0; q < np; ++q) {
        page_acquire(s.full, gp0 + q);
        page_release(s.empty, gp0 + q, total_pages);
      }
      gp0 += np;
      continue;
    }

    // 2. input vector (kept in registers: x[8t..8t+8) for K = 2048, 4 such slices for K = 8192)
    float4 xa0 = make_float4(0.f, 0.f, 0.f, 0.f), xb0 = xa0, xa4[4], xb4[4];
    float res0 = 0.f;  // MK_EPI_OPT: the residual of output row `tid` (OPROJ, DOWN), loaded before the pages
    if (in.flags & FLAG_LOADX) {
#if MK_ORES && MK_OSPLIT
      // attempt 24: the split-K O-proj of KV head 0 adds the residual h_in[l] in its epilogue (one L2 round trip after
      // the pages, on the chain's last O-proj SMs in 42 of 60 traced layers): load it here instead, after the same
      // wait and barrier (so ordered after the down writes exactly as before), overlapping the LSE merge's loads.
      if (in.op == OP_OPROJ && (in.flags & FLAG_SPLITK) && ((in.flags >> 8) & 7) == 0 && tid < in.count * OSPLIT_ROWS) {
        const int r = in.start * OSPLIT_ROWS + tid;
        res0 = (l == 0) ? bf2f(emb_row[r]) : p.h[(size_t)(2 * l) * D + r];
      }
#endif
#if MK_EPI_OPT
      // The epilogue's residual reads do not depend on this instruction's pages: issue them now
      // (after the wait and its barrier, so they are ordered after the producers' writes).
      if (in.op == OP_OPROJ && tid < in.count * 4) {
        const int r = in.start * 4 + tid;
        res0 = (l == 0) ? bf2f(emb_row[r]) : p.h[(size_t)(2 * l) * D + r];
      } else if (in.op == OP_DOWN && tid < in.count) {
        res0 = p.h[(size_t)(2 * l + 1) * D + in.start + tid];
      }
#endif
      if (!MK_NOATOM && np > 0 && in.op != OP_ATTN)  // out[] accumulates with atomics: zero it (ordered by the bar below)
        for (int r = tid; r < np * (in.op == OP_DOWN ? 1 : 4); r += NCONS) s.out[r] = 0.f;
      switch (in.op) {
        case OP_QKV:
          if (l == 0) load_rmsnorm(p, nullptr, emb_row, p.w + p.lay.layer[0].attn_norm, s, tid, xa0, xb0);
          else load_rmsnorm(p, p.h + (size_t)(2 * l) * D, nullptr, p.w + p.lay.layer[l].attn_norm, s, tid, xa0, xb0,
                            nullptr, nullptr, MK_SSQ ? ssq_ptr(p, l) : nullptr);
          break;
        case OP_GATEUP:
          if (MK_FUSED_AO && (in.flags & FLAG_FUSED))  // h_mid = sum of the NKV fused O-proj partials
            load_rmsnorm(p, nullptr, nullptr, p.w + p.lay.layer[l].ffn_norm, s, tid, xa0, xb0,
                         p.part_o + (size_t)l * NKV * D, in.start == 0 ? p.h + (size_t)(2 * l + 1) * D : nullptr);
          else
            load_rmsnorm(p, p.h + (size_t)(2 * l + 1) * D, nullptr, p.w + p.lay.layer[l].ffn_norm, s, tid, xa0, xb0);
#if MK_SSQ
          // attempt 18: zero the sum of squares of h_in[l + 1] that down(l) accumulates (ordered before its red.adds by
          // this instruction's release -> down(l)'s acquire; read only by QKV(l + 1) / the LM head, after down(l))
          if (in.start == 0 && tid == 0) *ssq_ptr(p, l + 1) = 0.f;
#endif
#if MK_HZERO
          // attempt 17: zero this instruction's share of h_mid[l + 1] (row u for unit u), long before its release
          if (l + 1 < p.n_layers)
            for (int r = in.start + tid; r < in.start + in.count; r += NCONS) p.h[(size_t)(2 * l + 3) * D + r] = 0.f;
#endif
          break;
        case OP_LMHEAD:
          load_rmsnorm(p, p.h + (size_t)(2 * p.n_layers) * D, nullptr, p.w + p.lay.final_norm, s, tid, xa0, xb0,
                       nullptr, nullptr, MK_SSQ ? ssq_ptr(p, p.n_layers) : nullptr);
          break;
        case OP_DOWN: {
          const float4* a = reinterpret_cast<const float4*>(p.act + (size_t)l * F);
#pragma unroll
          for (int c = 0; c < 4; ++c) {
            xa4[c] = a[2 * (warp * 128 + c * 32 + lane)];
            xb4[c] = a[2 * (warp * 128 + c * 32 + lane) + 1];
          }
          break;
        }
        case OP_OPROJ: {  // log-sum-exp merge of the attention partials
          if (MK_FUSED_AO && (in.flags & FLAG_FUSED)) break;  // fused: attention below, no merge input
#if MK_OSPLIT
          if (in.flags & FLAG_SPLITK) {
            // attempt 16: LSE merge of KV head g's partials only (query heads 4g..4g+3): thread tid merges head
            // 4g + (tid >> 6), dim tid & 63, online in groups of 8 chunks (all loads of a group issued first);
            // chunk 0 always holds position 0, so the first group's max is finite. The merged o goes to
            // xs[0..256) (group column = 64 * head-in-group + dim); each lane then takes columns 8*lane..+8.
            const int g = (in.flags >> 8) & 7, nc = p.nchunks;
            const int qh = g * 4 + (tid >> 6), d = tid & 63;
            const float* ml = p.part_ml + ((size_t)(l * NQ + qh) * nc) * 2;
            const float* po = p.part_o + ((size_t)(l * NQ + qh) * nc) * HD + d;
            float M = -INFINITY, den = 0.f, num = 0.f;
#pragma unroll 1
            for (int c0 = 0; c0 < nc; c0 += 8) {
              float2 mv[8];
              float ov[8];
#pragma unroll
              for (int k = 0; k < 8; ++k) {
                mv[k] = make_float2(-INFINITY, 0.f);
                ov[k] = 0.f;
                if (c0 + k < nc) {
                  mv[k] = *reinterpret_cast<const float2*>(ml + 2 * (c0 + k));
                  ov[k] = po[(size_t)(c0 + k) * HD];
                }
              }
              float gm = M;
#pragma unroll
              for (int k = 0; k < 8; ++k) gm = fmaxf(gm, mv[k].x);
              const float sc = __expf(M - gm);  // 0 for the first group (M = -inf, gm finite)
              den *= sc;
              num *= sc;
              M = gm;
#pragma unroll
              for (int k = 0; k < 8; ++k) {
                const float wgt = __expf(mv[k].x - M);  // empty chunk / past nc: exp(-inf) = 0
                den = fmaf(wgt, mv[k].y, den);
                num = fmaf(wgt, ov[k], num);
              }
            }
            s.xs[tid] = num / den;
            consumer_bar();  // xs[0..256) complete (the previous instruction's xs/slot reads ended at its publish barrier)
            xa0 = reinterpret_cast<const float4*>(s.xs)[2 * lane];
            xb0 = reinterpret_cast<const float4*>(s.xs)[2 * lane + 1];
            break;
          }
#endif
          const int nc = p.nchunks;
          const int qh = tid >> 3, d0 = (tid & 7) * 8;
          const float* ml = p.part_ml + ((size_t)(l * NQ + qh) * nc) * 2;
          const float* po = p.part_o + ((size_t)(l * NQ + qh) * nc) * HD + d0;
          float M = -INFINITY;
          float den = 0.f;
          float4 n0 = make_float4(0.f, 0.f, 0.f, 0.f), n1 = n0;
#if MK_LSE_OPT
          if (nc <= 8) {  // every load issued before any use: one L2 round trip instead of two
            float2 mv[8];
            float4 av[8], bv[8];
#pragma unroll
            for (int c = 0; c < 8; ++c) {
              if (c < nc) {
                mv[c] = *reinterpret_cast<const float2*>(ml + 2 * c);
                av[c] = *reinterpret_cast<const float4*>(po + (size_t)c * HD);
                bv[c] = *reinterpret_cast<const float4*>(po + (size_t)c * HD + 4);
              }
            }
#pragma unroll
            for (int c = 0; c < 8; ++c)
              if (c < nc) M = fmaxf(M, mv[c].x);
#pragma unroll
            for (int c = 0; c < 8; ++c) {
              if (c < nc) {
                const float wgt = __expf(mv[c].x - M);
                const float4 a = av[c], b = bv[c];
                den = fmaf(wgt, mv[c].y, den);
                n0.x = fmaf(wgt, a.x, n0.x); n0.y = fmaf(wgt, a.y, n0.y);
                n0.z = fmaf(wgt, a.z, n0.z); n0.w = fmaf(wgt, a.w, n0.w);
                n1.x = fmaf(wgt, b.x, n1.x); n1.y = fmaf(wgt, b.y, n1.y);
                n1.z = fmaf(wgt, b.z, n1.z); n1.w = fmaf(wgt, b.w, n1.w);
              }
            }
          } else
#endif
          {
#if MK_LSE2
          // attempt 14: online merge in groups of 4 chunks: each group's (max, sum) and partials are loaded
          // in one round trip (no separate pass for the max): ceil(nc / 4) round trips instead of ~2x that.
#pragma unroll 1
          for (int c0 = 0; c0 < nc; c0 += 4) {
            float2 mv[4];
            float4 ca[4], cb[4];
#pragma unroll
            for (int k = 0; k < 4; ++k)
              if (c0 + k < nc) {
                mv[k] = *reinterpret_cast<const float2*>(ml + 2 * (c0 + k));
                ca[k] = *reinterpret_cast<const float4*>(po + (size_t)(c0 + k) * HD);
                cb[k] = *reinterpret_cast<const float4*>(po + (size_t)(c0 + k) * HD + 4);
              }
            float gm = mv[0].x;
#pragma unroll
            for (int k = 1; k < 4; ++k)
              if (c0 + k < nc) gm = fmaxf(gm, mv[k].x);
            const float nm = fmaxf(M, gm);  // finite: every chunk has at least one position
            const float sc = __expf(M - nm);  // 0 for the first group (M = -inf)
            M = nm;
            den *= sc;
            n0.x *= sc; n0.y *= sc; n0.z *= sc; n0.w *= sc;
            n1.x *= sc; n1.y *= sc; n1.z *= sc; n1.w *= sc;
#pragma unroll
            for (int k = 0; k < 4; ++k)
              if (c0 + k < nc) {
                const float wgt = __expf(mv[k].x - M);
                den = fmaf(wgt, mv[k].y, den);
                n0.x = fmaf(wgt, ca[k].x, n0.x); n0.y = fmaf(wgt, ca[k].y, n0.y);
                n0.z = fmaf(wgt, ca[k].z, n0.z); n0.w = fmaf(wgt, ca[k].w, n0.w);
                n1.x = fmaf(wgt, cb[k].x, n1.x); n1.y = fmaf(wgt, cb[k].y, n1.y);
                n1.z = fmaf(wgt, cb[k].z, n1.z); n1.w = fmaf(wgt, cb[k].w, n1.w);
              }
          }
#else
          for (int c = 0; c < nc; ++c) M = fmaxf(M, ml[2 * c]);
#pragma unroll 4
          for (int c = 0; c < nc; ++c) {
            const float wgt = __expf(ml[2 * c] - M);
            const float4 a = *reinterpret_cast<const float4*>(po + (size_t)c * HD);
            const float4 b = *reinterpret_cast<const float4*>(po + (size_t)c * HD + 4);
            den = fmaf(wgt, ml[2 * c + 1], den);
            n0.x = fmaf(wgt, a.x, n0.x); n0.y = fmaf(wgt, a.y, n0.y);
            n0.z = fmaf(wgt, a.z, n0.z); n0.w = fmaf(wgt, a.w, n0.w);
            n1.x = fmaf(wgt, b.x, n1.x); n1.y = fmaf(wgt, b.y, n1.y);
            n1.z = fmaf(wgt, b.z, n1.z); n1.w = fmaf(wgt, b.w, n1.w);
          }
#endif
          }
          const float inv = 1.f / den;
          // elements 64*qh + d0 .. +8 = 8*tid .. 8*tid+8: this thread's own columns
          xa0 = make_float4(n0.x * inv, n0.y * inv, n0.z * inv, n0.w * inv);
          xb0 = make_float4(n1.x * inv, n1.y * inv, n1.z * inv, n1.w * inv);
          break;
        }
        default: break;
      }
      // out[] zeroing and the x registers vs the page atomics. The RMSNorm ops (QKV, GATEUP,
      // LMHEAD) already passed two consumer barriers in cons_sum after zeroing out[].
      // MK_NOATOM: no out[] zeroing, and x lives in registers: no barrier needed here.
      if (!MK_NOATOM && (!MK_PROLOGUE_OPT || !(in.op == OP_QKV || in.op == OP_GATEUP || in.op == OP_LMHEAD)))
        consumer_bar();
    }
#if MK_TRACE
    if (tid == 0) tr[3] = clock64();
#endif
#if MK_LOOPX
    // attempt 20 (MK_DIAG, MK_PRELAND, MK_BARLITE bit 2): see the switches' comment above loop_acquire
    DiagAcc dg;
    dg.t0 = 0; dg.stall = 0; dg.rlat = 0; dg.pre = 0; dg.landed = 0; dg.ready = 0; dg.pairs = 0;
#if MK_DIAG
    if (tid == 0) {
      // thread 0 has acquired every page before gp0, so for q < NPAGES the parity names exactly page gp0 + q's phase
      for (int q = 0; q < min(np, NPAGES); ++q) dg.landed += page_ready(s.full, gp0 + q) ? 1u : 0u;
      for (int q = 0; q < 8; ++q) s.diag[q] = 0u;
    }
#endif
    bool preall = false;  // MK_PRELAND: this thread has acquired every page of the instruction
#if MK_PRELAND
    if (np > 0 && np <= NPAGES &&
        (((MK_PRELAND & 1) && in.op == OP_QKV) ||
         ((MK_PRELAND & 2) && in.op == OP_OPROJ && (in.flags & FLAG_SPLITK)))) {
      // every page of this instruction fits in the ring at once: the loader issues them without waiting for this
      // instruction's own releases (all earlier pages were released by every thread before its step here)
      const long long t = clock64();
      for (int q = 0; q < np; ++q) page_acquire(s.full, gp0 + q);
      preall = (MK_PRELAND & 4) != 0;
      if (tid == 0) {
        dg.pre = clock64() - t;
#if MK_TRACE
        tr[3] = clock64();  // the pages phase now starts with all of its pages landed
#endif
      }
    }
#endif
    (void)preall;
#if MK_DIAG
    if (tid == 0) dg.t0 = clock64();
#endif
#endif

    // 3. pages (GEMV rows) or attention
    // outv(r): output row r of the instruction (MK_NOATOM: rows >= out_done are still in the slots)
    int out_done = 0;
    (void)out_done;
    auto outv = [&](int r) -> float {
#if MK_NOATOM
      if (r >= out_done) {
        float v = 0.f;
#pragma unroll
        for (int w = 0; w < NCONS_WARPS; ++w) v += s.slot[w * SLOT_ROWS + r - out_done];
        return v;
      }
#endif
      return s.out[r];
    };
#if MK_LMDYN > 0
    float lm_bv = -INFINITY;  // this CTA's LM-head argmax so far (value, lowest row on ties)
    int lm_bi = 0x7fffffff;
    if (in.op == OP_LMHEAD) {
      // Pages in ring order until the tag -1. Each warp stores its partial rows of local page k of
      // the segment in its slot (rows 4k..4k+3), thread 0 notes the page index in lrow[k]; a full
      // segment (SLOT_ROWS rows) or the end is summed between two barriers, straight into logits[].
      int* lrow = reinterpret_cast<int*>(s.out);  // out[] is not used by this path
      float* ob = s.slot + warp * SLOT_ROWS;
      int npg = 0;
      bool done = false;
      while (!done) {
        int k = 0;
        for (; k < SLOT_ROWS / 4; ++k) {
          const int gp = gp0++;
          page_acquire(s.full, gp);
          const int slot = gp % NPAGES;
          const int pq = s.tag[slot];  // read before this thread's arrive on empty[slot]
          if (pq < 0) {
            page_release(s.empty, gp, total_pages);
            done = true;
            break;
          }
          if (tid == 0) lrow[k] = pq;
          const uint8_t* pg[1] = {s.pages + (size_t)slot * PAGE_BYTES};
          pages_rows_2048<1>(pg, xa0, xb0, ob + k * 4, warp, lane);
          page_release(s.empty, gp, total_pages);
        }
        npg += k;
        consumer_bar();  // every warp's slot rows and lrow[] of this segment are written
        for (int r = tid; r < k * 4; r += NCONS) {
          float v = 0.f;
#pragma unroll
          for (int w = 0; w < NCONS_WARPS; ++w) v += s.slot[w * SLOT_ROWS + r];
          const int row = lrow[r >> 2] * 4 + (r & 3);
          p.logits[row] = v;
          if (v > lm_bv || (v == lm_bv && row < lm_bi)) { lm_bv = v; lm_bi = row; }
        }
        consumer_bar();  // slot and lrow reads are done before the next segment's stores
      }
#if MK_TRACE
      if (tid == 0)  // the pages this CTA actually claimed (trace_report's per-page time)
        tr[0] = (tr[0] & ~(0xffffull << 16)) | ((unsigned long long)(npg & 0xffff) << 16);
#endif
      (void)npg;
    } else
#endif
#if MK_FUSED_AO
    if (in.op == OP_OPROJ && (in.flags & FLAG_FUSED)) {
      fused_attn_oproj(p, s.pages, s.xs, s.out, s.full, s.empty, l, in.count, in.flags, gp0, total_pages, tid, warp, lane);
      gp0 += np;
    } else
#endif
#if MK_DEFER & 8
    if (((in.op == OP_OPROJ && (in.flags & FLAG_SPLITK)) || in.op == OP_QKV) && np > 0 && np <= 8) {
      // attempt 23 (run 23b): QKV and the split O-proj through ONE inlined copy of rows_defer<8> (run 23: every build
      // that added hot code — QKV's own rows_defer copies, +2000 SASS instructions — slowed ops it did not touch, e.g. the
      // attention's pages +10% in the trace: instruction-cache pressure is the suspect). The arguments select the op's
      // layout: QKV rows into the warp's slot as the generic loop puts them; O-proj rows into out[] as the split loop.
      // An O-proj instruction (<= 4 pages) then runs the 32-row butterfly with zero rows for its missing pages.
      const bool qkv = in.op == OP_QKV;
      rows_defer<8>(s.pages, s.full, s.empty, gp0, np, total_pages, qkv ? 0 : warp * 4 * 32, qkv ? warp * 32 + lane : lane,
                    qkv ? 256 : 32, xa0, xb0, qkv ? s.slot + warp * SLOT_ROWS : s.out + warp * 4, qkv ? 4 : OSPLIT_ROWS,
                    lane);
      gp0 += np;
      consumer_bar();  // out[] (O-proj) / every warp's slot rows (QKV, out_done = 0) complete
    } else
#endif
#if MK_OSPLIT
    if (in.op == OP_OPROJ && (in.flags & FLAG_SPLITK)) {
      // attempt 16: split-K Wo pages (OSPLIT_ROWS rows x g's 256 columns); warp w owns rows 4w..4w+3 of each
      // page whole (lane i: columns 8i..8i+8), so no cross-warp reduction: rows go straight to out[].
      const bool h16 = lane & 16, h8 = lane & 8;
#if MK_LOOPX
      bool pre = false;  // MK_BARLITE bit 2: this thread's probe acquired page gp0 + q
      const bool probe = (MK_BARLITE & 2) != 0;
      (void)probe;
#endif
#if MK_PAIR & 2
      for (int q = 0; q < np;) {  // attempt 19: resident pages 2 (or 4) at a time, one butterfly
        const int gp = gp0 + q;
        PACQ(gp, q);
        const int n = pair_count(s.full, gp, np - q);
#if MK_DIAG
        if (tid == 0 && n > 1) ++dg.pairs;
#endif
        if (n > 1) {
          float* o = s.out + q * OSPLIT_ROWS + warp * 4;
          if (MK_PAIR_MAX >= 4 && n == 4)
            rows2048_multi<4>(s.pages, s.full, s.empty, gp, total_pages, warp * 4 * 32, lane, 32, xa0, xb0, o,
                              OSPLIT_ROWS, lane);
          else
            rows2048_multi<2>(s.pages, s.full, s.empty, gp, total_pages, warp * 4 * 32, lane, 32, xa0, xb0, o,
                              OSPLIT_ROWS, lane);
          q += n;
          continue;
        }
#else
#if MK_DEFER & 2
      if (np > 0 && np <= 8) {  // attempt 22: one transposed butterfly per instruction (the loop below then finds q == np)
        float* o = s.out + warp * 4;
        if (np <= 4 && !MK_DEFER_O8)
          rows_defer<4>(s.pages, s.full, s.empty, gp0, np, total_pages, warp * 4 * 32, lane, 32, xa0, xb0, o, OSPLIT_ROWS, lane);
        else
          rows_defer<8>(s.pages, s.full, s.empty, gp0, np, total_pages, warp * 4 * 32, lane, 32, xa0, xb0, o, OSPLIT_ROWS, lane);
      }
      for (int q = (np > 0 && np <= 8) ? np : 0; q < np; ++q) {
#elif MK_TC & 2
      {  // attempt 21: tensor-core page step (the loop below then finds nothing to do)
        TcX tx;
        tc_prep(xa0, xb0, lane, tx);
        for (int q = 0; q < np; ++q) {
          const int gp = gp0 + q;
          page_acquire(s.full, gp);
          const uint4* w = reinterpret_cast<const uint4*>(s.pages + (size_t)(gp % NPAGES) * PAGE_BYTES) + warp * 4 * 32;
          tc_rows4<true>(w, 32, tx, &s.out[q * OSPLIT_ROWS + warp * 4], lane, s.empty, gp, total_pages);
        }
      }
      for (int q = np; q < np; ++q) {
#elif !(MK_DEFER & 2)
      for (int q = 0; q < np; ++q) {
#endif
        const int gp = gp0 + q;
        PACQ(gp, q);
#endif
        const uint4* w = reinterpret_cast<const uint4*>(s.pages + (size_t)(gp % NPAGES) * PAGE_BYTES) + warp * 4 * 32;
        const float a0 = dot8(page_ld(w, lane), xa0, xb0), a1 = dot8(page_ld(w, 32 + lane), xa0, xb0);
        const float a2 = dot8(page_ld(w, 64 + lane), xa0, xb0), a3 = dot8(page_ld(w, 96 + lane), xa0, xb0);
        page_release(s.empty, gp, total_pages);
#if MK_BARLITE & 2
        pre = probe_next(s.full, gp + 1, probe && q + 1 < np);  // before the butterfly: its latency overlaps it
#endif
        float k0 = h16 ? a2 : a0, k1 = h16 ? a3 : a1;
        const float s0 = h16 ? a0 : a2, s1 = h16 ? a1 : a3;
        k0 += __shfl_xor_sync(0xffffffffu, s0, 16);
        k1 += __shfl_xor_sync(0xffffffffu, s1, 16);
        float kk = h8 ? k1 : k0;
        kk += __shfl_xor_sync(0xffffffffu, h8 ? k0 : k1, 8);
        kk += __shfl_xor_sync(0xffffffffu, kk, 4);
        kk += __shfl_xor_sync(0xffffffffu, kk, 2);
        kk += __shfl_xor_sync(0xffffffffu, kk, 1);
        st_shared_if(&s.out[q * OSPLIT_ROWS + warp * 4 + (h16 ? 2 : 0) + (h8 ? 1 : 0)], kk, (lane & 7) == 0);
#if MK_PAIR & 2
        ++q;
#endif
      }
      gp0 += np;
      consumer_bar();  // out[] complete
    } else
#endif
#if MK_DEFER & 4
    if (in.op == OP_QKV && np > 0 && np <= 8) {
      // attempt 23: QKV's deferred butterfly (rows_defer, as MK_DEFER bit 1) in a block of its own, so that the generic
      // K = 2048 loop below (gate/up, the LM head) keeps the default code. Rows go to this warp's slot, rows 4u + c of
      // page u, exactly where the generic loop puts them (one segment: np * 4 <= SLOT_ROWS); the epilogue sums the slots.
      float* ob = s.slot + warp * SLOT_ROWS;
      if (np <= 4)
        rows_defer<4>(s.pages, s.full, s.empty, gp0, np, total_pages, 0, warp * 32 + lane, 256, xa0, xb0, ob, 4, lane);
      else
        rows_defer<8>(s.pages, s.full, s.empty, gp0, np, total_pages, 0, warp * 32 + lane, 256, xa0, xb0, ob, 4, lane);
      gp0 += np;
      consumer_bar();  // every warp's slot rows are written (out_done = 0: the epilogue reads the slots)
    } else
#endif
    if (np > 0 && in.op != OP_ATTN) {
      // Every consumer thread waits for every page and, after its own reads, arrives on the
      // page's empty barrier (count NCONS): no thread's read is published by another's arrive.
      // MK_NOATOM: warp w stores its partial of row r of the current segment in slot[w][r]; a
      // segment is SLOT_ROWS rows. Every full segment that is not the last (LM head only) is summed
      // into out[] between two barriers; the last one is summed by the epilogue (outv below).
      const int rp = (in.op == OP_DOWN) ? 1 : 4;  // rows per page
      const int seg_pages = MK_NOATOM ? SLOT_ROWS / rp : np;
#if MK_TC
      const bool tc_on = tc_op(in.op);  // CTA-uniform
      TcX tx;
      if (tc_on) tc_prep(xa0, xb0, lane, tx);
#endif
      for (int qs = 0; qs < np; qs += seg_pages) {
        const int qe = min(np, qs + seg_pages);
#if MK_NOATOM
        float* ob = s.slot + warp * SLOT_ROWS;  // row (q - qs) * rp of the segment: this warp's slot
#else
        float* ob = s.out + qs * rp;
#endif
        if (MK_PIPE && in.op == OP_DOWN) {
          page_loop_pipe<true>(s.pages, s.full, s.empty, gp0, qs, qe, total_pages, xa0, xb0, xa4, xb4, ob, warp, lane);
        } else if (MK_PIPE) {
          page_loop_pipe<false>(s.pages, s.full, s.empty, gp0, qs, qe, total_pages, xa0, xb0, xa4, xb4, ob, warp, lane);
        } else if (in.op == OP_DOWN) {
          int q = qs;
#if MK_LOOPX
          bool pre = false;  // (no probe in the down loop; MK_PRELAND does not apply to it)
          (void)pre;
#endif
#if MK_PAIR & 4
          while (q < qe) {  // attempt 19: resident pages 2 (or 4) at a time; the loops below then find q == qe
            const int gp = gp0 + q;
            PACQ(gp, q);
            const int n = pair_count(s.full, gp, qe - q);
#if MK_DIAG
            if (tid == 0 && n > 1) ++dg.pairs;
#endif
            if (MK_PAIR_MAX >= 4 && n == 4) {
              row8192_multi<4>(s.pages, s.full, s.empty, gp, total_pages, xa4, xb4, ob + (q - qs), warp, lane);
            } else if (n == 2) {
              row8192_multi<2>(s.pages, s.full, s.empty, gp, total_pages, xa4, xb4, ob + (q - qs), warp, lane);
            } else {
              const uint8_t* pg[1] = {s.pages + (size_t)(gp % NPAGES) * PAGE_BYTES};
              pages_row_8192<1>(pg, xa4, xb4, ob + (q - qs), warp, lane);
              page_release(s.empty, gp, total_pages);
            }
            q += n;
          }
#endif
#if MK_LOOPX && MK_UNROLL == 1
          for (; q < qe; ++q) {  // attempt 20: the instrumented single-page loop (the loops below then find q == qe)
            const int gp = gp0 + q;
            PACQ(gp, q);
            const uint8_t* pg[1] = {s.pages + (size_t)(gp % NPAGES) * PAGE_BYTES};
            pages_row_8192<1>(pg, xa4, xb4, ob + (q - qs), warp, lane);
            page_release(s.empty, gp, total_pages);
          }
#endif
          for (; q + UNROLL <= qe; q += UNROLL) {
            const uint8_t* pg[UNROLL];
#pragma unroll
            for (int u = 0; u < UNROLL; ++u) {
              const int gp = gp0 + q + u;
              page_acquire(s.full, gp);
              pg[u] = s.pages + (size_t)(gp % NPAGES) * PAGE_BYTES;
            }
            pages_row_8192<UNROLL>(pg, xa4, xb4, ob + (q - qs), warp, lane);
#pragma unroll
            for (int u = 0; u < UNROLL; ++u) page_release(s.empty, gp0 + q + u, total_pages);
          }
#if MK_PADDR
          if (q < qe) {  // attempt 23: slot, parity and page pointer kept incrementally
            int slot = (gp0 + q) % NPAGES;
            unsigned par = ((gp0 + q) / NPAGES) & 1;
            const uint8_t* pgp = s.pages + (size_t)slot * PAGE_BYTES;
            float* o = ob + (q - qs);
            MK_UNROLL_N(MK_LOOPUNR)
            for (; q < qe; ++q) {
              page_wait_slot(s.full, slot, par);
              const uint8_t* pg[1] = {pgp};
              pages_row_8192<1>(pg, xa4, xb4, o, warp, lane);
              mbar_arrive(&s.empty[slot]);  // = page_release (GROUP == 1)
              o += 1;
              if (++slot == NPAGES) { slot = 0; par ^= 1u; pgp = s.pages; } else { pgp += PAGE_BYTES; }
            }
          }
#endif
          for (; q < qe; ++q) {
            const int gp = gp0 + q;
            page_acq_loop(s.full, gp);
            const uint8_t* pg[1] = {s.pages + (size_t)(gp % NPAGES) * PAGE_BYTES};
            pages_row_8192<1>(pg, xa4, xb4, ob + (q - qs), warp, lane);
            page_release(s.empty, gp, total_pages);
          }
        } else {
          int q = qs;
#if MK_LOOPX
          bool pre = false;  // MK_BARLITE bit 2: this thread's probe acquired page gp0 + q
          (void)pre;
#endif
#if MK_PAIR & 9
          // attempt 19: resident pages 2 (or 4) at a time (bit 8: QKV only); the loops below then find q == qe
          const bool pair_op = !(MK_PAIR & 8) || in.op == OP_QKV;
          while (q < qe) {
            const int gp = gp0 + q;
            PACQ(gp, q);
            const int n = pair_op ? pair_count(s.full, gp, qe - q) : 1;
#if MK_DIAG
            if (tid == 0 && n > 1) ++dg.pairs;
#endif
            if (MK_PAIR_MAX >= 4 && n == 4) {
              rows2048_multi<4>(s.pages, s.full, s.empty, gp, total_pages, 0, warp * 32 + lane, 256, xa0, xb0,
                                ob + (q - qs) * 4, 4, lane);
            } else if (n == 2) {
              rows2048_multi<2>(s.pages, s.full, s.empty, gp, total_pages, 0, warp * 32 + lane, 256, xa0, xb0,
                                ob + (q - qs) * 4, 4, lane);
            } else {
              const uint8_t* pg[1] = {s.pages + (size_t)(gp % NPAGES) * PAGE_BYTES};
              pages_rows_2048<1>(pg, xa0, xb0, ob + (q - qs) * 4, warp, lane);
              page_release(s.empty, gp, total_pages);
            }
            q += n;
          }
#endif
#if MK_DEFER & 1
          if (in.op == OP_QKV && qe - q > 0 && qe - q <= 8) {  // attempt 22 (the loops below then find q == qe)
            if (qe - q <= 4)
              rows_defer<4>(s.pages, s.full, s.empty, gp0 + q, qe - q, total_pages, 0, warp * 32 + lane, 256, xa0, xb0,
                            ob + (q - qs) * 4, 4, lane);
            else
              rows_defer<8>(s.pages, s.full, s.empty, gp0 + q, qe - q, total_pages, 0, warp * 32 + lane, 256, xa0, xb0,
                            ob + (q - qs) * 4, 4, lane);
            q = qe;
          }
#endif
#if MK_TC
          if (tc_on) {  // attempt 21: tensor-core page step (the loops below then find q == qe)
            for (; q < qe; ++q) {
              const int gp = gp0 + q;
              page_acquire(s.full, gp);
              const uint4* w = reinterpret_cast<const uint4*>(s.pages + (size_t)(gp % NPAGES) * PAGE_BYTES) + warp * 32;
              tc_rows4<false>(w, 256, tx, ob + (q - qs) * 4, lane, s.empty, gp, total_pages);
              page_release(s.empty, gp, total_pages);
            }
          }
#endif
#if MK_LOOPX && MK_UNROLL == 1
          {
            const bool probe = (MK_BARLITE & 2) && in.op == OP_QKV;  // the chain's op only (attempt 19: probing
            (void)probe;                                               // costs the streaming ops)
            for (; q < qe; ++q) {  // attempt 20: the instrumented single-page loop (the loops below then find q == qe)
              const int gp = gp0 + q;
              PACQ(gp, q);
              const uint8_t* pg = s.pages + (size_t)(gp % NPAGES) * PAGE_BYTES;
#if MK_BARLITE & 2
              pre = page_rows_2048_probe(pg, xa0, xb0, ob + (q - qs) * 4, warp, lane, s.full, gp + 1, probe && q + 1 < qe);
#else
              const uint8_t* pgs[1] = {pg};
              pages_rows_2048<1>(pgs, xa0, xb0, ob + (q - qs) * 4, warp, lane);
#endif
              page_release(s.empty, gp, total_pages);
            }
          }
#endif
          for (; q + UNROLL <= qe; q += UNROLL) {
            const uint8_t* pg[UNROLL];
#pragma unroll
            for (int u = 0; u < UNROLL; ++u) {
              const int gp = gp0 + q + u;
              page_acquire(s.full, gp);
              pg[u] = s.pages + (size_t)(gp % NPAGES) * PAGE_BYTES;
            }
            pages_rows_2048<UNROLL>(pg, xa0, xb0, ob + (q - qs) * 4, warp, lane);
#pragma unroll
            for (int u = 0; u < UNROLL; ++u) page_release(s.empty, gp0 + q + u, total_pages);
          }
#if MK_PADDR
          if (q < qe) {  // attempt 23: slot, parity and page pointer kept incrementally
            int slot = (gp0 + q) % NPAGES;
            unsigned par = ((gp0 + q) / NPAGES) & 1;
            const uint8_t* pgp = s.pages + (size_t)slot * PAGE_BYTES;
            float* o = ob + (q - qs) * 4;
            MK_UNROLL_N(MK_LOOPUNR)
            for (; q < qe; ++q) {
              page_wait_slot(s.full, slot, par);
              const uint8_t* pg[1] = {pgp};
              pages_rows_2048<1>(pg, xa0, xb0, o, warp, lane);
              mbar_arrive(&s.empty[slot]);  // = page_release (GROUP == 1)
              o += 4;
              if (++slot == NPAGES) { slot = 0; par ^= 1u; pgp = s.pages; } else { pgp += PAGE_BYTES; }
            }
          }
#endif
          for (; q < qe; ++q) {
            const int gp = gp0 + q;
            page_acq_loop(s.full, gp);
            const uint8_t* pg[1] = {s.pages + (size_t)(gp % NPAGES) * PAGE_BYTES};
            pages_rows_2048<1>(pg, xa0, xb0, ob + (q - qs) * 4, warp, lane);
            page_release(s.empty, gp, total_pages);
          }
        }
#if MK_NOATOM
        if (qe < np) {  // a full segment that is not the last: sum it into out[] (LM head only)
          consumer_bar();  // every warp's slot rows of this segment are written
          for (int r = tid; r < (qe - qs) * rp; r += NCONS) {
            float v = 0.f;
#pragma unroll
            for (int w = 0; w < NCONS_WARPS; ++w) v += s.slot[w * SLOT_ROWS + r];
            s.out[qs * rp + r] = v;
          }
          consumer_bar();  // the slot reads are done before the next segment's stores
        }
        out_done = qs * rp;
#endif
      }
      gp0 += np;
      consumer_bar();
    } else if (in.op == OP_ATTN) {
#if MK_ATTN2
      // attempt 13: per-warp online softmax over the chunk, one merge barrier (attn2_* above)
#if MK_TRACE
      attn2_op(p, s.pages, s.xs, s.red, s.full, s.empty, l, in.start, gp0, total_pages, tid, warp, lane, tr,
               in.flags & FLAG_QTAG, s.out);
#else
      attn2_op(p, s.pages, s.xs, s.red, s.full, s.empty, l, in.start, gp0, total_pages, tid, warp, lane, nullptr,
               in.flags & FLAG_QTAG, s.out);
#endif
      gp0 += 2;
#else
      const int kvh = in.start / p.nchunks, c = in.start % p.nchunks;
      const int p0 = c * p.kv_chunk;
      const int n = min(p0 + p.kv_chunk, p.pos + 1) - p0;  // positions of this chunk (may be <= 0)
      const int nold = max(0, min(p.kv_chunk, p.pos - p0));  // of them in the K/V pages
      float* qs = s.xs;           // [4][64]
      float* sc = s.xs + 256;     // [4][MAX_CHUNK]
      float* rd = s.xs + 1024;    // [8 warps][4][64]
      uint16_t* knew = reinterpret_cast<uint16_t*>(s.xs + 3072);  // K, V of position pos (bf16)
      uint16_t* vnew = knew + HD;
      qs[tid] = p.q[(size_t)l * D + kvh * 4 * HD + tid];
      if (n > nold && tid < HD) {  // position pos lies in this chunk: written by QKV this launch
        const size_t off = ((size_t)(l * NKV + kvh) * MAX_POS + p.pos) * HD + tid;
        knew[tid] = p.kcache[off];
        vnew[tid] = p.vcache[off];
      }
      const int slotk = gp0 % NPAGES, slotv = (gp0 + 1) % NPAGES;
      page_acquire(s.full, gp0);
      page_acquire(s.full, gp0 + 1);
      const uint16_t* kpage = reinterpret_cast<const uint16_t*>(s.pages + (size_t)slotk * PAGE_BYTES);
      const uint16_t* vpage = reinterpret_cast<const uint16_t*>(s.pages + (size_t)slotv * PAGE_BYTES);
      consumer_bar();
      {
        const int pi = tid >> 1, half = tid & 1;
        float sh[4] = {0.f, 0.f, 0.f, 0.f};
        if (pi < n) {
          const uint4* kr = reinterpret_cast<const uint4*>((pi < nold ? kpage + pi * HD : knew) + half * 32);
#pragma unroll
          for (int k4 = 0; k4 < 4; ++k4) {
            uint4 kk = kr[k4];
#pragma unroll
            for (int h = 0; h < 4; ++h) {
              const float4* qq = reinterpret_cast<const float4*>(qs + h * HD + half * 32 + k4 * 8);
              sh[h] += dot8(kk, qq[0], qq[1]);
            }
          }
        }
#pragma unroll
        for (int h = 0; h < 4; ++h) sh[h] += __shfl_xor_sync(0xffffffffu, sh[h], 1);
        if (half == 0 && pi < n) {
#pragma unroll
          for (int h = 0; h < 4; ++h) sc[h * MAX_CHUNK + pi] = sh[h] * 0.125f;
        }
      }
      consumer_bar();
      if (warp < 4) {  // softmax statistics of head `warp`
        float m = -INFINITY;
        for (int i2 = lane; i2 < n; i2 += 32) m = fmaxf(m, sc[warp * MAX_CHUNK + i2]);
        m = warp_max(m);
        float sum = 0.f;
        for (int i2 = lane; i2 < n; i2 += 32) {
          const float e = __expf(sc[warp * MAX_CHUNK + i2] - m);
          sc[warp * MAX_CHUNK + i2] = e;
          sum += e;
        }
        sum = warp_sum(sum);
        if (lane == 0) {
          float* ml = p.part_ml + ((size_t)(l * NQ + kvh * 4 + warp) * p.nchunks + c) * 2;
          ml[0] = m;
          ml[1] = sum;
        }
      }
      consumer_bar();
      {
        float acc[4][2] = {{0.f, 0.f}, {0.f, 0.f}, {0.f, 0.f}, {0.f, 0.f}};
#pragma unroll 4
        for (int i2 = warp; i2 < n; i2 += NCONS_WARPS) {
          const unsigned v = reinterpret_cast<const unsigned*>(i2 < nold ? vpage + i2 * HD : vnew)[lane];
          const float v0 = __uint_as_float(v << 16), v1 = __uint_as_float(v & 0xffff0000u);
#pragma unroll
          for (int h = 0; h < 4; ++h) {
            const float pr = sc[h * MAX_CHUNK + i2];
            acc[h][0] = fmaf(pr, v0, acc[h][0]);
            acc[h][1] = fmaf(pr, v1, acc[h][1]);
          }
        }
#pragma unroll
        for (int h = 0; h < 4; ++h) {
          rd[(warp * 4 + h) * HD + 2 * lane] = acc[h][0];
          rd[(warp * 4 + h) * HD + 2 * lane + 1] = acc[h][1];
        }
      }
      page_release(s.empty, gp0, total_pages);  // this thread's reads of the K and V pages are done
      page_release(s.empty, gp0 + 1, total_pages);
      gp0 += 2;
      consumer_bar();
      {
        const int h = tid >> 6, d = tid & 63;
        float o = 0.f;
#pragma unroll
        for (int w = 0; w < NCONS_WARPS; ++w) o += rd[(w * 4 + h) * HD + d];
        p.part_o[((size_t)(l * NQ + kvh * 4 + h) * p.nchunks + c) * HD + d] = o;
      }
#endif  // MK_ATTN2
    }

#if MK_TRACE
    if (tid == 0) tr[4] = clock64();
#endif
    // 4. epilogue: write outputs
#if MK_QTAG
    unsigned long long* tq0 = nullptr;  // FLAG_QTAG QKV: this thread's tagged words (stored after the publish barrier)
    unsigned long long* tq1 = nullptr;
    unsigned long long tv0 = 0ull, tv1 = 0ull;
    const unsigned long long tep = (unsigned long long)p.epoch << 32;
    unsigned long long* const qtl = p.qtag + (size_t)l * QT_LAYER;
    const bool qtp = in.op == OP_QKV && (in.flags & FLAG_QTAG);
#endif
    switch (in.op) {
      case OP_QKV: {
        if (tid < in.count * 4) {
          const int k = tid >> 2, j = tid & 3, u = in.start + k;
          const float x1 = outv(k * 8 + j), x2 = outv(k * 8 + 4 + j);
          if (u < 320) {
            const int d = ((u < 256 ? u : u - 256) & 7) * 4 + j;  // 0..31
#if MK_PROLOGUE_OPT
            const float cs = rcs, sn = rsn;
#else
            const float inv_freq = powf(ROPE_THETA, -(float)(2 * d) / (float)HD);
            float sn, cs;
            sincosf((float)p.pos * inv_freq, &sn, &cs);
#endif
            const float y1 = x1 * cs - x2 * sn, y2 = x2 * cs + x1 * sn;
            if (u < 256) {
              float* qd = p.q + (size_t)l * D + (u >> 3) * HD;
              qd[d] = y1;
              qd[d + 32] = y2;
#if MK_QTAG
              if (qtp) {
                tq0 = qtl + (u >> 3) * HD + d;
                tq1 = tq0 + 32;
                tv0 = tep | __float_as_uint(y1);
                tv1 = tep | __float_as_uint(y2);
              }
#endif
            } else {
              uint16_t* kd = p.kcache + ((size_t)(l * NKV + ((u - 256) >> 3)) * MAX_POS + p.pos) * HD;
              kd[d] = f2bf(y1);
              kd[d + 32] = f2bf(y2);
#if MK_QTAG
              if (qtp) {
                tq0 = qtl + D + ((u - 256) >> 3) * (HD / 2) + d;
                tv0 = tep | f2bf(y1) | ((unsigned)f2bf(y2) << 16);
              }
#endif
            }
          } else {
            const int r1 = (u - 320) * 8 + j, r2 = r1 + 4;  // rows of V (0..511)
            p.vcache[((size_t)(l * NKV + (r1 >> 6)) * MAX_POS + p.pos) * HD + (r1 & 63)] = f2bf(x1);
            p.vcache[((size_t)(l * NKV + (r2 >> 6)) * MAX_POS + p.pos) * HD + (r2 & 63)] = f2bf(x2);
#if MK_QTAG
            if (qtp) {  // word 4m + j of head r1 >> 6: dims 8m + j, 8m + j + 4 (m = (u - 320) & 7)
              tq0 = qtl + D + NKV * (HD / 2) + ((u - 320) >> 3) * (HD / 2) + ((u - 320) & 7) * 4 + j;
              tv0 = tep | f2bf(x1) | ((unsigned)f2bf(x2) << 16);
            }
#endif
          }
        }
#if MK_OSPLIT
        if (!MK_HZERO || l == 0) {  // attempt 16: zero this instruction's share of h_mid[l] (the split-K O-proj of layer l adds into it;
           // ordered before those adds by QKV's release -> ATTN's acquire/release -> O-proj's acquire)
          const int z0 = in.start * D / (QKV_ROWS / 8), z1 = (in.start + in.count) * D / (QKV_ROWS / 8);
          for (int r = z0 + tid; r < z1; r += NCONS) p.h[(size_t)(2 * l + 1) * D + r] = 0.f;
        }
#endif
        break;
      }
      case OP_OPROJ: {
        if (MK_FUSED_AO && (in.flags & FLAG_FUSED)) {  // partial of KV head g (+ the residual for g = 0)
          const int g = (in.flags >> 8) & 7, r0 = in.start * FUSED_ROWS;
          for (int i2 = tid; i2 < in.count * FUSED_ROWS; i2 += NCONS) {
            const int r = r0 + i2;
            float y = s.out[i2];
            if (g == 0) y += (l == 0) ? bf2f(emb_row[r]) : p.h[(size_t)(2 * l) * D + r];
            p.part_o[((size_t)l * NKV + g) * D + r] = y;
          }
          break;
        }
#if MK_OSPLIT
        if (in.flags & FLAG_SPLITK) {  // attempt 16: add the partial rows of head g (+ the residual, g = 0) into h_mid
          const int g = (in.flags >> 8) & 7, r0 = in.start * OSPLIT_ROWS;
          for (int i2 = tid; i2 < in.count * OSPLIT_ROWS; i2 += NCONS) {
            const int r = r0 + i2;
            float y = s.out[i2];
            if (g == 0) y += (MK_ORES && i2 == tid) ? res0 : (l == 0) ? bf2f(emb_row[r]) : p.h[(size_t)(2 * l) * D + r];
            red_add_f32(&p.h[(size_t)(2 * l + 1) * D + r], y);
          }
          break;
        }
#endif
        const int r0 = in.start * 4;
        for (int i2 = tid; i2 < in.count * 4; i2 += NCONS) {
          const int r = r0 + i2;
          const float res = (MK_EPI_OPT && i2 == tid) ? res0 : (l == 0) ? bf2f(emb_row[r]) : p.h[(size_t)(2 * l) * D + r];
          p.h[(size_t)(2 * l + 1) * D + r] = res + outv(i2);
        }
        break;
      }
      case OP_GATEUP: {
        const int n = in.count * 4;
        for (int i2 = tid; i2 < n; i2 += NCONS) {
          const float g = outv(i2), u = outv(n + i2);
          p.act[(size_t)l * F + in.start * 4 + i2] = g / (1.f + __expf(-g)) * u;
        }
        break;
      }
      case OP_DOWN: {
        float sq = 0.f;
        for (int i2 = tid; i2 < in.count; i2 += NCONS) {
          const int r = in.start + i2;
          const float res = (MK_EPI_OPT && i2 == tid) ? res0 : p.h[(size_t)(2 * l + 1) * D + r];
          const float y = res + outv(i2);
          p.h[(size_t)(2 * l + 2) * D + r] = y;
          sq = fmaf(y, y, sq);
        }
#if MK_SSQ
        // attempt 18: this SM's share of the sum of squares of h_in[l + 1] (relaxed add at L2, before the publish barrier
        // and the release, like the stores above)
        sq = warp_sum(sq);
        if (lane == 0 && warp * 32 < in.count) red_add_f32(ssq_ptr(p, l + 1), sq);
#endif
        (void)sq;
        break;
      }
      case OP_LMHEAD: {
        const int n = in.count * 4, r0 = in.start * 4;
#if MK_LMDYN > 0
        float bv = lm_bv;  // logits[] already written, page by page (any row order: full tie rule)
        int bi = lm_bi;
        if (false)
#else
        float bv = -INFINITY;
        int bi = 0x7fffffff;
#endif
        for (int i2 = tid; i2 < n; i2 += NCONS) {
          const float v = outv(i2);
          p.logits[r0 + i2] = v;
          if (v > bv) { bv = v; bi = r0 + i2; }
        }
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) {
          const float ov = __shfl_xor_sync(0xffffffffu, bv, o);
          const int oi = __shfl_xor_sync(0xffffffffu, bi, o);
          if (ov > bv || (ov == bv && oi < bi)) { bv = ov; bi = oi; }
        }
        if (lane == 0) { s.red[warp] = bv; s.red[32 + warp] = __int_as_float(bi); }
        consumer_bar();
        if (tid == 0) {
          for (int w = 1; w < NCONS_WARPS; ++w) {
            const float ov = s.red[w];
            const int oi = __float_as_int(s.red[32 + w]);
            if (ov > bv || (ov == bv && oi < bi)) { bv = ov; bi = oi; }
          }
          p.amax_val[blockIdx.x] = bv;
          p.amax_idx[blockIdx.x] = bi;
        }
        break;
      }
      case OP_ARGMAX: {
        if (tid < 32) {
          float bv = -INFINITY;
          int bi = 0x7fffffff;
          for (int b = lane; b < (int)gridDim.x; b += 32) {
            const float v = p.amax_val[b];
            const int ix = p.amax_idx[b];
            if (v > bv || (v == bv && ix < bi)) { bv = v; bi = ix; }
          }
#pragma unroll
          for (int o = 16; o > 0; o >>= 1) {
            const float ov = __shfl_xor_sync(0xffffffffu, bv, o);
            const int oi = __shfl_xor_sync(0xffffffffu, bi, o);
            if (ov > bv || (ov == bv && oi < bi)) { bv = ov; bi = oi; }
          }
          if (lane == 0) p.tokens[p.pos + 1] = bi;
        }
        break;
      }
      default: break;
    }

    // 5. publish
#if MK_SIGWARP
    // ACK (also a barrier of all 256 consumers: the shared memory of this instruction is free),
    // then S: the signal warp bar.syncs on it and does the release (see the signal warp above).
    asm volatile("bar.sync 3, %0;" ::"n"(NCONS + 32) : "memory");
#if MK_TRACE
    if (tid == 0) tr[5] = clock64();
#endif
    asm volatile("bar.arrive 2, %0;" ::"n"(NCONS + 32) : "memory");
#else
    consumer_bar();
#if MK_TRACE
    if (tid == 0) tr[5] = clock64();
#endif
#if MK_QTAG
    if (qtp && warp == 0) {
      // attempt 17: release pattern per writing thread (fence.acq_rel.gpu, then strong writes): the tagged words, and
      // thread 0's counter signal below (red.relaxed after the same fence). Cumulative over the CTA's epilogue
      // stores (K/V cache, q) through the publish barrier above.
      fence_acq_rel_gpu();
      if (tq0) st_relaxed_u64(tq0, tv0);
      if (tq1) st_relaxed_u64(tq1, tv1);
    }
#endif
    if (tid == 0 && in.signal_ctr >= 0) {
#if MK_RELGATE && MK_RELGATE_PRE
      if (gated(in, np)) mbar_arrive(&s.gate[GATES + gate_c % GATES]);  // run 15b: the release window opens
#endif
#if MK_QTAG
      if (qtp) red_relaxed_u32(&p.counters[in.signal_ctr * CTR_STRIDE], 1u);  // fence above + strong write
      else
#endif
      signal_release(&p.counters[in.signal_ctr * CTR_STRIDE], 1u);
#if MK_TRACE  // attempt 14: cycles from the publish barrier to past the red.release (its fence part blocks the
              // thread) in bits 40..63 of the info word (trace_report.py: column "rel")
      unsigned long long t;
      asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory");
      const unsigned long long d = t - tr[5];
      if (in.flags < 256) tr[0] |= (d < 0xffffffull ? d : 0xffffffull) << 40;
#endif
#if MK_RELGATE
      // attempt 15: the release (its fence) is done: let the loader issue later instructions' pages again
      if (gated(in, np)) { mbar_arrive(&s.gate[gate_c % GATES]); ++gate_c; }
#endif
    }
#if MK_REL_HOLD
    if (tid == 0) *reinterpret_cast<volatile int*>(&s.red[60]) = i + 1;
#endif
#endif
#if MK_DIAG
    if (tid == 0) {  // after the release: these stores are not in its fence's way (diag region: SMs grid .. 2 grid - 1)
      unsigned long long* dd = p.trace + (size_t)(gridDim.x + blockIdx.x) * TRACE_PER_SM + i * 8;
      dd[0] = (unsigned long long)dg.landed | ((unsigned long long)min(np, NPAGES) << 8) |
              ((unsigned long long)(dg.ready & 0xffffu) << 16) | ((unsigned long long)(dg.pairs & 0xffffu) << 32) |
              ((unsigned long long)(np & 0xffff) << 48);
      dd[1] = (unsigned long long)dg.stall;
      dd[2] = (unsigned long long)dg.rlat;
      dd[3] = (unsigned long long)dg.pre;
#pragma unroll
      for (int k = 0; k < 4; ++k) dd[4 + k] = (unsigned long long)s.diag[2 * k] | ((unsigned long long)s.diag[2 * k + 1] << 32);
    }
#endif
  }
#if MK_TRACE
  if (tid == 0) {
    unsigned long long* tr = p.trace + (size_t)blockIdx.x * TRACE_PER_SM;
    tr[MAX_SM_INSTRS * 8 + 3] = gtimer();
    tr[MAX_SM_INSTRS * 8 + 4] = clock64();
  }
#endif
}

extern const size_t kSmemBytes = SMEM_BYTES;

}  // namespace mk
