#include "policy_loader.h"

#include "base/model/device_kind.h"
#include "base/model/file_text.h"
#include "base/model/job.h"
#include "base/model/slo_targets.h"
#include "compiled_policy.h"
#include "engine/sched/job_validation.h"
#include "hetsched.pb.h"
#include "policy.pb.h"
#include "policy_validation.h"
#include "quota_spec.h"

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <google/protobuf/util/json_util.h>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

QueueKind queueKind(v1::QueueDiscipline::Kind kind) {
  switch (kind) {
    case v1::QueueDiscipline::SJF: return QueueKind::Sjf;
    case v1::QueueDiscipline::SRTF: return QueueKind::Srtf;
    case v1::QueueDiscipline::PRIORITY: return QueueKind::Priority;
    default: return QueueKind::Fcfs;
  }
}

PlacementKind placementKind(v1::PlacementRule::Kind kind) {
  switch (kind) {
    case v1::PlacementRule::TYPE_ROUTING: return PlacementKind::TypeRouting;
    case v1::PlacementRule::ROUND_ROBIN: return PlacementKind::RoundRobin;
    case v1::PlacementRule::WEIGHTED_ROUND_ROBIN: return PlacementKind::WeightedRoundRobin;
    case v1::PlacementRule::LEAST_CONNECTIONS: return PlacementKind::LeastConnections;
    case v1::PlacementRule::KEY_HASH: return PlacementKind::KeyHash;
    case v1::PlacementRule::CONSISTENT_HASH: return PlacementKind::ConsistentHash;
    case v1::PlacementRule::SEED_SCORE: return PlacementKind::SeedScore;
    case v1::PlacementRule::BEST_FIT: return PlacementKind::BestFit;
    case v1::PlacementRule::WORST_FIT: return PlacementKind::WorstFit;
    case v1::PlacementRule::EXTERNAL: return PlacementKind::External;
    default: return PlacementKind::FirstFit;
  }
}

// Wire enums are offset by their UNSPECIFIED zero.
JobKind jobKind(v1::JobKind kind) { return static_cast<JobKind>(static_cast<int>(kind) - 1); }
DeviceKind deviceKind(v1::DeviceKind kind) { return static_cast<DeviceKind>(static_cast<int>(kind) - 1); }

// Amounts in milli-units of each kind's primary resource; unset: unlimited.
std::array<std::uint64_t, kDeviceKindCount> milliOf(const v1::DeviceAmounts& a) {
  const auto milli = [](bool has, double v) {
    return has ? static_cast<std::uint64_t>(std::llround(v * 1000.0)) : TeamQuotaSpec::kUnlimited;
  };
  std::array<std::uint64_t, kDeviceKindCount> out{};
  out[index(DeviceKind::Cpu)] = milli(a.has_cpu_cores(), a.cpu_cores());
  out[index(DeviceKind::Gpu)] = milli(a.has_gpus(), a.gpus());
  out[index(DeviceKind::Tpu)] = milli(a.has_tpus(), a.tpus());
  return out;
}

QuotaSpec quotaSpecOf(const v1::Quotas& q) {
  QuotaSpec spec;
  spec.holdUnlisted = q.unlisted_teams() == v1::Quotas::HOLD;
  spec.fairShare = q.fair_share();
  for (const v1::TeamQuota& t : q.teams()) {
    TeamQuotaSpec team;
    team.team = t.team();
    team.cohort = t.cohort();
    team.guaranteeMilli = milliOf(t.guarantee());
    team.borrowLimitMilli = milliOf(t.borrowing_limit());
    spec.teams.push_back(std::move(team));
  }
  return spec;
}

}  // namespace

SloTargets sloTargetsOf(const v1::Policy& policy) {
  const v1::SloTargets& s = policy.slo();
  SloTargets t = kDefaultTargetWaitS;
  if (s.has_high_wait_s()) t[static_cast<std::size_t>(PriorityClass::High)] = s.high_wait_s();
  if (s.has_middle_wait_s()) t[static_cast<std::size_t>(PriorityClass::Middle)] = s.middle_wait_s();
  if (s.has_low_wait_s()) t[static_cast<std::size_t>(PriorityClass::Low)] = s.low_wait_s();
  return t;
}

std::variant<v1::Policy, PolicyLoadError> parsePolicyJsonUnvalidated(std::string_view json) {
  v1::Policy policy;
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto status = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(json.data(), json.size()), &policy, options);
  if (!status.ok()) return PolicyLoadError{PolicyLoadError::Kind::BadJson, std::string(status.message()), {}};
  return policy;
}

std::variant<v1::Policy, PolicyLoadError> parsePolicyJson(std::string_view json) {
  auto parsed = parsePolicyJsonUnvalidated(json);
  if (std::holds_alternative<PolicyLoadError>(parsed)) return parsed;
  v1::Policy& policy = std::get<v1::Policy>(parsed);
  auto errors = validatePolicy(policy);
  if (!errors.empty()) return PolicyLoadError{PolicyLoadError::Kind::Invalid, {}, std::move(errors)};
  return std::move(policy);
}

std::variant<v1::Policy, PolicyLoadError> loadPolicyFile(const std::filesystem::path& path) {
  std::string text;
  if (auto error = readFileText(path, &text)) return PolicyLoadError{PolicyLoadError::Kind::Unreadable, *error, {}};
  return parsePolicyJson(text);
}

std::string policyToJson(const v1::Policy& policy) {
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.always_print_primitive_fields = true;
  options.preserve_proto_field_names = true;
  std::string out;
  (void)google::protobuf::util::MessageToJsonString(policy, &out, options);
  return out;
}

std::variant<CompiledPolicy, std::vector<FieldError>> compilePolicy(const v1::Policy& p) {
  auto errors = validatePolicy(p);
  if (!errors.empty()) return errors;
  CompiledPolicy c;
  c.name = p.name();
  c.version = p.version();
  c.description = p.description();
  c.queue = queueKind(p.queue().kind());
  c.agingIntervalS = p.queue().aging_interval_s();
  c.backfillDepth = p.queue().backfill_depth();
  const v1::PlacementRule& pl = p.placement();
  c.placement = placementKind(pl.kind());
  for (const auto& route : pl.routes()) {
    c.routing.set(jobKind(route.job_kind()), deviceKind(route.device_kind()));
    c.routeOverrides.emplace_back(jobKind(route.job_kind()), deviceKind(route.device_kind()));
  }
  c.weights.assign(pl.weights().begin(), pl.weights().end());
  c.virtualNodes = pl.virtual_nodes();
  c.scoreWeights = {pl.priority_factor(), pl.resource_score()};
  c.externalScorer = pl.external_scorer();
  c.hybridWeights = pl.hybrid_weights();
  c.preemption = p.preemption().enabled();
  c.restartCostS = p.preemption().restart_cost_s();
  c.keepProgress = p.preemption().keep_progress();
  c.migration = p.migration().enabled();
  c.migrationThreshold = p.migration().utilization_threshold();
  c.migrationCostS = p.migration().cost_s();
  c.migrationMaxPerEvent = p.migration().max_per_event();
  c.migrationDataGib = p.migration().data_gib();
  c.migrationDataGibPerGpu = p.migration().data_gib_per_gpu();
  c.migrationLinkGibPerS = p.migration().link_gib_per_s();
  c.migrationWindowS = p.migration().prediction_window_s();
  c.migrationMaxPerTick = p.migration().max_per_tick();
  c.migrationHistorySamples = p.migration().history_samples() == 0 ? 8 : p.migration().history_samples();
  c.quotas = quotaSpecOf(p.quotas());
  c.sloTargetWaitS = sloTargetsOf(p);
  return c;
}

}  // namespace hetsched
