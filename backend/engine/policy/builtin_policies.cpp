#include "builtin_policies.h"

#include "policy.pb.h"

#include <string>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

v1::Policy base(const char* name, const char* description, v1::QueueDiscipline::Kind queue,
                v1::PlacementRule::Kind placement) {
  v1::Policy p;
  p.set_name(name);
  p.set_version(1);
  p.set_description(description);
  p.mutable_queue()->set_kind(queue);
  p.mutable_placement()->set_kind(placement);
  return p;
}

}  // namespace

std::vector<v1::Policy> builtinPolicies() {
  using Q = v1::QueueDiscipline;
  using P = v1::PlacementRule;
  std::vector<v1::Policy> out;
  out.push_back(base("fcfs", "First come, first served; the seed's type routing picks the device kind.", Q::FCFS,
                     P::TYPE_ROUTING));
  out.push_back(base("sjf", "Shortest job first, non-preemptive (seed 2.3), best fit.", Q::SJF, P::BEST_FIT));

  v1::Policy srtf =
      base("srtf", "Shortest remaining time first: a shorter arrival preempts; work resumes.", Q::SRTF, P::BEST_FIT);
  srtf.mutable_preemption()->set_keep_progress(true);
  out.push_back(srtf);

  v1::Policy aging = base("priority-aging",
                          "Seed 2.2 classes (high: real-time, middle: periodic control, low: logging), "
                          "one class of aging per 60 s waited, ShouldPreempt for interruptible work.",
                          Q::PRIORITY, P::SEED_SCORE);
  aging.mutable_queue()->set_aging_interval_s(60.0);
  aging.mutable_placement()->set_priority_factor(1.0);
  aging.mutable_placement()->set_resource_score(1.0);
  aging.mutable_preemption()->set_enabled(true);
  aging.mutable_preemption()->set_restart_cost_s(5.0);
  out.push_back(aging);

  out.push_back(base("round-robin", "Round robin over the nodes of the routed kind.", Q::FCFS, P::ROUND_ROBIN));

  v1::Policy wrr = base("weighted-round-robin", "nginx smooth weighted round robin; node 0 has weight=3.", Q::FCFS,
                        P::WEIGHTED_ROUND_ROBIN);
  wrr.mutable_placement()->add_weights(3);
  wrr.mutable_placement()->add_weights(1);
  out.push_back(wrr);

  out.push_back(base("least-connections", "The node running the fewest jobs.", Q::FCFS, P::LEAST_CONNECTIONS));
  out.push_back(base("key-hash", "The seed's IP hash on the job's key.", Q::FCFS, P::KEY_HASH));

  v1::Policy ring =
      base("consistent-hash", "Consistent hashing with 160 virtual nodes per node.", Q::FCFS, P::CONSISTENT_HASH);
  ring.mutable_placement()->set_virtual_nodes(160);
  out.push_back(ring);

  v1::Policy score = base("seed-score", "The seed's 4.3 score: Weight*PriorityFactor + ResourceScore*free/total.",
                          Q::FCFS, P::SEED_SCORE);
  score.mutable_placement()->set_priority_factor(1.0);
  score.mutable_placement()->set_resource_score(1.0);
  out.push_back(score);

  out.push_back(base("first-fit", "First fit in node order.", Q::FCFS, P::FIRST_FIT));
  out.push_back(base("best-fit", "Best fit: the node with the least free capacity that fits.", Q::FCFS, P::BEST_FIT));
  out.push_back(base("worst-fit", "Worst fit: the node with the most free capacity.", Q::FCFS, P::WORST_FIT));

  // The ATC'23 GPU-sharing family (Weng et al.), as EXTERNAL scorers a
  // caller registers (registerFragScorers in backend/engine/frag).
  const std::pair<const char*, const char*> family[] = {
      {"fgd", "FGD (ATC'23): the node and GPU whose fragmentation of the target workload grows least."},
      {"random", "Random-fit (ATC'23): any node the job fits on, and any GPU for a share."},
      {"dotprod", "DotProd (ATC'23): the largest dot product of the request and the node's free resources."},
      {"clustering", "GPU Clustering (ATC'23): nodes already running GPU jobs of the same kind."},
      {"packing", "GPU Packing (ATC'23): partly used GPUs first, then used nodes, then idle ones."},
      {"bestfit", "Best-fit (ATC'23): the node left with the least free resources, weighted."},
  };
  for (const auto& [scorer, description] : family) {
    const std::string name = std::string(scorer) == "fgd" ? "fgd" : "gpu-" + std::string(scorer);
    v1::Policy p = base(name.c_str(), description, Q::FCFS, P::EXTERNAL);
    p.mutable_placement()->set_external_scorer(scorer);
    out.push_back(p);
  }

  // Seed 2.4: loaded nodes hand interruptible jobs to peers whose offers hold
  // over the transfer window; 8 GiB of state per GPU over a 10 Gb/s link.
  v1::Policy opportunistic = base("opportunistic",
                                  "Seed 2.4 opportunistic moves: on each sampling tick a node above 90% load moves "
                                  "an interruptible job to the best peer predicted to keep room for it.",
                                  Q::FCFS, P::BEST_FIT);
  v1::MigrationRule* m = opportunistic.mutable_migration();
  m->set_enabled(true);
  m->set_utilization_threshold(0.9);
  m->set_cost_s(5.0);
  m->set_data_gib(2.0);
  m->set_data_gib_per_gpu(8.0);
  m->set_link_gib_per_s(1.25);
  m->set_max_per_tick(4);
  out.push_back(opportunistic);

  // Kueue-style team queues for the default simulated cluster's five teams
  // (1,536 CPU cores, 224 GPUs, 64 TPUs): guarantees that add up to the
  // cluster, one cohort, and borrowing limits so that no team takes more
  // than about a third beyond its share while others wait.
  v1::Policy quotas = base("team-quotas",
                           "Per-team guarantees (Kueue ClusterQueues in one cohort) with borrowing limits, "
                           "dominant resource fairness between teams, FCFS within a team, best fit.",
                           Q::FCFS, P::BEST_FIT);
  v1::Quotas* q = quotas.mutable_quotas();
  q->set_unlisted_teams(v1::Quotas::ADMIT);
  q->set_fair_share(true);
  struct Share {
    const char* team;
    double cpu, gpu, tpu;
  };
  for (const Share& s : {Share{"vision", 192, 64, 16}, Share{"language", 192, 80, 24}, Share{"search", 384, 32, 8},
                         Share{"ads", 384, 24, 8}, Share{"platform", 384, 24, 8}}) {
    v1::TeamQuota* t = q->add_teams();
    t->set_team(s.team);
    t->set_cohort("all");
    t->mutable_guarantee()->set_cpu_cores(s.cpu);
    t->mutable_guarantee()->set_gpus(s.gpu);
    t->mutable_guarantee()->set_tpus(s.tpu);
    t->mutable_borrowing_limit()->set_cpu_cores(s.cpu / 3);
    t->mutable_borrowing_limit()->set_gpus(s.gpu / 4);
    t->mutable_borrowing_limit()->set_tpus(s.tpu / 4);
  }
  out.push_back(quotas);
  return out;
}

}  // namespace hetsched
