#include "live_policies.h"

#include "engine/policy/compiled_policy.h"
#include "engine/policy/policy_loader.h"
#include "policy.pb.h"

namespace hetsched {

v1::Policy liveDefaultPolicy() {
  v1::Policy p;
  p.set_name("live-default");
  p.set_version(1);
  p.set_description(
      "The live cluster's own rule: seed classes with 10-minute aging, the seed's 4.3 score, "
      "jobs behind a blocked head start when they fit.");
  p.mutable_queue()->set_kind(v1::QueueDiscipline::PRIORITY);
  p.mutable_queue()->set_aging_interval_s(600.0);
  p.mutable_queue()->set_backfill_depth(1024);
  p.mutable_placement()->set_kind(v1::PlacementRule::SEED_SCORE);
  p.mutable_placement()->set_priority_factor(1.0);
  p.mutable_placement()->set_resource_score(1.0);
  return p;
}

CompiledPolicy liveDefaultCompiled() { return std::get<CompiledPolicy>(compilePolicy(liveDefaultPolicy())); }

}  // namespace hetsched
