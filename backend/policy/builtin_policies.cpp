#include "builtin_policies.h"

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

  v1::Policy srtf = base("srtf", "Shortest remaining time first: a shorter arrival preempts; work resumes.",
                         Q::SRTF, P::BEST_FIT);
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

  v1::Policy ring = base("consistent-hash", "Consistent hashing with 160 virtual nodes per node.", Q::FCFS,
                         P::CONSISTENT_HASH);
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
  return out;
}

}  // namespace hetsched
