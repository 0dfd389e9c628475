// Per-team quotas in the scheduling core (Kueue ClusterQueues and cohorts,
// DRF order): a team over its guarantee waits while another borrows the
// cohort's idle guarantee, borrowing stops at its limit and at the cohort's
// unused guarantee, a team outside every cohort never borrows, unlisted
// teams are admitted or held as the policy says, the ledger follows
// preemption and node loss, and fair share starts the team with the lower
// dominant share first.
#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/topology.h"
#include "builtin_model.h"
#include "engine/core/core_job.h"
#include "engine/core/decision_sink.h"
#include "engine/core/policy_arms.h"
#include "engine/core/scheduling_core.h"
#include "engine/core/wait_facts.h"
#include "engine/policy/builtin_policies.h"
#include "engine/policy/compiled_policy.h"
#include "engine/policy/policy_loader.h"
#include "engine/policy/quota_spec.h"
#include "engine/predict/wait_reason_of.h"
#include "policy.pb.h"

#include <QTest>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

using namespace hetsched;
using hetsched::test::builtinModel;

namespace {

// `gpuNodes` nodes of four A100s, and one CPU node: the GPUs are what quotas
// limit here.
Topology gpus(std::uint32_t gpuNodes) {
  Topology t;
  t.models = {builtinModel("Xeon"), builtinModel("A100")};
  t.nodes.push_back({"c0", DeviceKind::Cpu, 0, 2, 0, 65536});
  t.devices = {{0, 0, 0}, {0, 1, 0}};
  for (std::uint32_t n = 0; n < gpuNodes; ++n) {
    const auto first = static_cast<std::uint32_t>(t.devices.size());
    t.nodes.push_back({"g" + std::to_string(n), DeviceKind::Gpu, first, 4, 64000, 262144});
    for (std::uint32_t d = 0; d < 4; ++d) t.devices.push_back({n + 1, d, 1});
  }
  return t;
}

CompiledPolicy builtin(const std::string& name) {
  for (const v1::Policy& p : builtinPolicies())
    if (p.name() == name) return std::get<CompiledPolicy>(compilePolicy(p));
  qFatal("no built-in policy %s", name.c_str());
}

TeamQuotaSpec team(std::string name, double gpus, std::string cohort = {}, double borrowGpus = -1) {
  TeamQuotaSpec t;
  t.team = std::move(name);
  t.cohort = std::move(cohort);
  t.guaranteeMilli[index(DeviceKind::Gpu)] = static_cast<std::uint64_t>(gpus * 1000);
  if (borrowGpus >= 0) t.borrowLimitMilli[index(DeviceKind::Gpu)] = static_cast<std::uint64_t>(borrowGpus * 1000);
  return t;
}

struct Fixture {
  Topology topology;
  std::deque<CoreJob> jobs;
  std::unique_ptr<SchedulingCore> core;

  Fixture(std::uint32_t gpuNodes, CompiledPolicy policy) : topology(gpus(gpuNodes)) {
    core = std::make_unique<SchedulingCore>(topology);
    PolicyArms arms;
    arms.active = std::move(policy);
    if (!core->setPolicies(arms).empty()) qFatal("refused");
  }
  // A one-GPU training job of `team`, arrived and decided at `t`.
  JobSlot gpu(const std::string& team, double t, std::uint32_t count = 1,
              PriorityClass priority = PriorityClass::Middle) {
    CoreJob& j = jobs.emplace_back();
    j.spec.name = "j" + std::to_string(jobs.size());
    j.spec.kind = JobKind::Training;
    j.spec.team = team;
    j.spec.priority = priority;
    j.spec.interruptible = true;
    j.spec.requests.gpuCount = count;
    j.spec.requests.cpuMilli = 1000;
    j.spec.requests.memoryMib = 1024;
    j.arrivalS = t;
    j.runtimeS = 1000;
    const auto slot = static_cast<JobSlot>(jobs.size() - 1);
    core->arrive(slot, j, t);
    core->decide(t);
    return slot;
  }
  // GPUs held by each team's running jobs.
  std::map<std::string, std::uint32_t> running() const {
    std::map<std::string, std::uint32_t> out;
    for (JobSlot s = 0; s < jobs.size(); ++s)
      if (core->isRunning(s)) out[jobs[s].spec.team] += jobs[s].spec.requests.gpuCount;
    return out;
  }
  std::vector<JobSlot> waitingOf(const std::string& team) const {
    std::vector<JobSlot> out;
    for (JobSlot s = 0; s < jobs.size(); ++s)
      if (core->isWaiting(s) && jobs[s].spec.team == team) out.push_back(s);
    return out;
  }
};

// vision: 4 guaranteed, borrows at most 2; language: 4, borrows freely;
// search: 8, idle, lends; all in one cohort. ads: 2, in no cohort.
CompiledPolicy cohortPolicy() {
  CompiledPolicy p = builtin("fcfs");
  p.quotas.teams = {team("vision", 4, "all", 2), team("language", 4, "all"), team("search", 8, "all"), team("ads", 2)};
  return p;
}

}  // namespace

class TestTeamQuotas : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  // The proof of issue 15: vision stops at 4 + 2 and waits, with room on the
  // nodes, while language borrows search's idle guarantee past its own.
  void overGuaranteeWaitsWhileAnotherBorrows() {
    Fixture f(6, cohortPolicy());  // 24 GPUs: room is never what holds them
    for (int i = 0; i < 8; ++i) f.gpu("vision", 1);
    QCOMPARE(f.running()["vision"], 6u);  // the borrowing limit
    for (int i = 0; i < 8; ++i) f.gpu("language", 2);
    QCOMPARE(f.running()["language"], 8u);  // 4 guaranteed + 4 borrowed
    const auto held = f.waitingOf("vision");
    QCOMPARE(held.size(), std::size_t{2});
    const WaitFacts facts = f.core->waitFacts(held.front(), 3);
    QVERIFY(facts.blockedByGate);
    QVERIFY(facts.nodesWithRoom > 0);
    QCOMPARE(facts.quota.team, std::string("vision"));
    QCOMPARE(facts.quota.usedMilli, std::uint64_t{6000});
    QCOMPARE(facts.quota.guaranteeMilli, std::uint64_t{4000});
    QCOMPARE(facts.quota.borrowedMilli(), std::uint64_t{2000});
    QCOMPARE(facts.quota.borrowableMilli, std::uint64_t{0});
    QCOMPARE(facts.quota.requestMilli, std::uint64_t{1000});
    const WaitReason reason = waitReasonOf(facts, PriorityClass::Middle);
    QCOMPARE(int(reason.cause), int(WaitCause::Quota));
    QVERIFY(reason.quota == facts.quota);
    // The many facts at once say the same.
    const std::vector<JobSlot> many{held.front()};
    QVERIFY(f.core->waitFacts(many, 3).front().quota == facts.quota);

    // One of vision's jobs ends: exactly one of its waiting jobs takes its place.
    JobSlot done = 0;
    while (!(f.core->isRunning(done) && f.jobs[done].spec.team == "vision")) ++done;
    f.core->complete(done, 10);
    f.core->decide(10);
    QCOMPARE(f.running()["vision"], 6u);
    QCOMPARE(f.waitingOf("vision").size(), std::size_t{1});
  }

  // Borrowing stops where the cohort's unused guarantee ends (16 of the
  // cohort's 16 GPUs held), though the nodes have room.
  void borrowingStopsAtTheCohortsUnusedGuarantee() {
    Fixture f(6, cohortPolicy());
    for (int i = 0; i < 6; ++i) f.gpu("vision", 1);
    for (int i = 0; i < 12; ++i) f.gpu("language", 2);
    QCOMPARE(f.running()["language"], 10u);  // 16 - vision's 6
    const auto held = f.waitingOf("language");
    QCOMPARE(held.size(), std::size_t{2});
    const WaitFacts facts = f.core->waitFacts(held.front(), 3);
    QVERIFY(facts.blockedByGate);
    QVERIFY(facts.nodesWithRoom > 0);
    QCOMPARE(facts.quota.borrowableMilli, std::uint64_t{0});
    // search, within its guarantee, is admitted though others borrowed its share.
    f.gpu("search", 2, 4);
    QCOMPARE(f.running()["search"], 4u);
  }

  // A team in no cohort never takes more than its guarantee; a job held so
  // does not block the queue for the others (FCFS, backfill 0).
  void teamOutsideCohortNeverBorrows() {
    Fixture f(6, cohortPolicy());
    for (int i = 0; i < 4; ++i) f.gpu("ads", 1);
    QCOMPARE(f.running()["ads"], 2u);
    const WaitFacts facts = f.core->waitFacts(f.waitingOf("ads").front(), 2);
    QVERIFY(facts.blockedByGate);
    QCOMPARE(facts.quota.guaranteeMilli, std::uint64_t{2000});
    QCOMPARE(facts.quota.borrowableMilli, std::uint64_t{0});
    f.gpu("language", 2);
    QCOMPARE(f.running()["language"], 1u);  // behind ads' held jobs, not held up by them
  }

  void unlistedTeams_data() {
    QTest::addColumn<bool>("hold");
    QTest::newRow("admitted") << false;
    QTest::newRow("held") << true;
  }
  void unlistedTeams() {
    QFETCH(bool, hold);
    CompiledPolicy p = cohortPolicy();
    p.quotas.holdUnlisted = hold;
    Fixture f(2, p);
    const JobSlot platform = f.gpu("platform", 1);
    const JobSlot nobody = f.gpu("", 1);
    QCOMPARE(f.core->isRunning(platform), !hold);
    QCOMPARE(f.core->isRunning(nobody), !hold);
    if (hold) {
      const WaitFacts facts = f.core->waitFacts(platform, 2);
      QVERIFY(facts.blockedByGate);
      QVERIFY(facts.quota.noQueue);
      QCOMPARE(facts.quota.team, std::string("platform"));
    }
  }

  // Whatever happens (preemption by higher classes, nodes failing and
  // returning, completions), ads (in no cohort) never runs more than its
  // guarantee and vision never more than its guarantee + borrowing limit;
  // the numbers a held job reports are its team's running GPUs.
  void ledgerFollowsPreemptionAndNodeLoss() {
    CompiledPolicy p = builtin("priority-aging");  // preempts interruptible lower classes
    p.quotas = cohortPolicy().quotas;
    Fixture f(5, p);
    std::mt19937 rng(7);
    const char* teams[] = {"vision", "language", "search", "ads", "platform"};
    const std::map<std::string, std::uint32_t> cap{{"vision", 6}, {"ads", 2}};
    double t = 0;
    std::uint32_t checks = 0;
    for (int step = 0; step < 400; ++step) {
      t += 1;
      const int what = static_cast<int>(rng() % 10);
      if (what < 6) {
        const char* who = teams[rng() % 5];
        const auto count = static_cast<std::uint32_t>(1 + rng() % 2);
        f.gpu(who, t, count, static_cast<PriorityClass>(rng() % 3));
        continue;
      }
      if (what < 8) {
        std::vector<JobSlot> running;
        for (JobSlot s = 0; s < f.jobs.size(); ++s)
          if (f.core->isRunning(s)) running.push_back(s);
        if (!running.empty()) f.core->complete(running[rng() % running.size()], t);
      } else {
        const auto node = static_cast<std::uint32_t>(1 + rng() % 5);
        f.core->setNodeUp(node, !f.core->capacity().isUp(node), t);
      }
      f.core->decide(t);
      for (const auto& [name, most] : cap) {
        QVERIFY2(f.running()[name] <= most, name.c_str());
        ++checks;
      }
    }
    QVERIFY(checks > 100);
    // Every held job was held by the ledger's numbers, which match the jobs.
    for (const char* name : {"vision", "ads"}) {
      for (const JobSlot s : f.waitingOf(name)) {
        const WaitFacts facts = f.core->waitFacts(s, t);
        if (!facts.blockedByGate) continue;
        QCOMPARE(facts.quota.usedMilli, std::uint64_t{f.running()[name]} * 1000);
      }
    }
  }

  // DRF: one GPU frees; the job of the team holding less goes first under
  // fair share, the first to arrive under plain FCFS.
  void fairShareStartsTheLowerDominantShare_data() {
    QTest::addColumn<bool>("fair");
    QTest::newRow("fair share") << true;
    QTest::newRow("fcfs") << false;
  }
  void fairShareStartsTheLowerDominantShare() {
    QFETCH(bool, fair);
    CompiledPolicy p = builtin("fcfs");
    p.quotas.fairShare = fair;
    Fixture f(1, p);  // 4 GPUs
    const JobSlot first = f.gpu("vision", 0);
    for (int i = 0; i < 2; ++i) f.gpu("vision", 0);
    f.gpu("language", 0);
    const JobSlot visionNext = f.gpu("vision", 1);
    const JobSlot languageNext = f.gpu("language", 2);
    QVERIFY(f.core->isWaiting(visionNext));
    QVERIFY(f.core->isWaiting(languageNext));
    f.core->complete(first, 5);  // vision 2 of 4 GPUs, language 1
    f.core->decide(5);
    QCOMPARE(f.core->isRunning(languageNext), fair);
    QCOMPARE(f.core->isRunning(visionNext), !fair);
  }

  // A copy of the core (live predictions) carries the ledger: running it
  // forward leaves the original's usage alone.
  void copyKeepsItsOwnLedger() {
    Fixture f(6, cohortPolicy());
    for (int i = 0; i < 8; ++i) f.gpu("vision", 1);
    SchedulingCore copy(*f.core);
    JobSlot done = 0;
    while (!f.core->isRunning(done)) ++done;
    copy.complete(done, 5);
    copy.decide(5);
    QCOMPARE(f.core->waitFacts(f.waitingOf("vision").front(), 5).quota.usedMilli, std::uint64_t{6000});
    QVERIFY(copy.isRunning(f.waitingOf("vision").front()));
  }
};

QTEST_GUILESS_MAIN(TestTeamQuotas)
#include "tst_team_quotas.moc"
