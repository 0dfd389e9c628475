#include "policy_catalog.h"

#include "engine/policy/builtin_policies.h"
#include "engine/policy/policy_loader.h"
#include "engine/sched/job_validation.h"
#include "hetsched.pb.h"
#include "policy.pb.h"
#include "usecases/whatif/whatif_run.h"

#include <filesystem>
#include <sstream>
#include <string>
#include <utility>
#include <variant>

namespace hetsched::cli {

std::variant<v1::Policy, std::string> resolveInForce(const WhatifWorkload& workload) {
  if (workload.snapshotId == 0) return std::string("in-force: only a --snapshot workload records the policy in force");
  auto policy = policyInForce(workload);
  if (auto* e = std::get_if<std::string>(&policy)) return "in-force: " + *e;
  return policy;
}

std::variant<v1::Policy, std::string> resolvePolicy(const std::string& fileOrName) {
  if (!std::filesystem::exists(fileOrName)) {
    for (const v1::Policy& p : builtinPolicies())
      if (p.name() == fileOrName) return p;
  }
  auto loaded = loadPolicyFile(fileOrName);
  if (auto* policy = std::get_if<v1::Policy>(&loaded)) return std::move(*policy);
  const PolicyLoadError& error = std::get<PolicyLoadError>(loaded);
  std::string message = fileOrName + ": ";
  switch (error.kind) {
    case PolicyLoadError::Kind::Unreadable:  // detail: "PATH: the system's reason"
      message = error.detail + " (nor is it a built-in policy: hetsched policies lists them)";
      break;
    case PolicyLoadError::Kind::BadJson: message += "not a policy: " + error.detail; break;
    case PolicyLoadError::Kind::Invalid:
      message += "invalid policy";
      for (const FieldError& f : error.fields) message += "\n  " + f.message();
      break;
  }
  return message;
}

std::string describePolicy(const v1::Policy& p) {
  std::ostringstream out;
  out << "queue=" << v1::QueueDiscipline::Kind_Name(p.queue().kind());
  if (p.queue().kind() == v1::QueueDiscipline::PRIORITY) out << " aging_interval_s=" << p.queue().aging_interval_s();
  if (p.queue().backfill_depth() > 0) out << " backfill_depth=" << p.queue().backfill_depth();
  const v1::PlacementRule& pl = p.placement();
  out << " placement=" << v1::PlacementRule::Kind_Name(pl.kind());
  if (pl.weights_size() > 0) {
    out << " weights=";
    for (int i = 0; i < pl.weights_size(); ++i) out << (i ? "," : "") << pl.weights(i);
  }
  if (pl.kind() == v1::PlacementRule::CONSISTENT_HASH) out << " virtual_nodes=" << pl.virtual_nodes();
  if (pl.kind() == v1::PlacementRule::SEED_SCORE)
    out << " priority_factor=" << pl.priority_factor() << " resource_score=" << pl.resource_score();
  if (pl.kind() == v1::PlacementRule::EXTERNAL) out << " external_scorer=" << pl.external_scorer();
  for (const auto& r : pl.routes())
    out << " route[" << v1::JobKind_Name(r.job_kind()) << "]=" << v1::DeviceKind_Name(r.device_kind());
  if (p.preemption().enabled())
    out << " preemption restart_cost_s=" << p.preemption().restart_cost_s()
        << " keep_progress=" << (p.preemption().keep_progress() ? "true" : "false");
  if (p.migration().enabled())
    out << " migration threshold=" << p.migration().utilization_threshold() << " cost_s=" << p.migration().cost_s();
  return out.str();
}

}  // namespace hetsched::cli
