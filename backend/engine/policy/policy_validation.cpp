#include "policy_validation.h"

#include "engine/sched/job_validation.h"
#include "hetsched.pb.h"
#include "policy.pb.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

// Bounds that keep a policy's cost sane rather than express taste: a ring of
// more than 10,000 points per node or a backfill window past 1,024 jobs
// only slows the simulator down.
constexpr std::uint32_t kMaxVirtualNodes = 10'000;
// A trend needs two points; more than this only smooths what is long gone.
constexpr std::uint32_t kMaxHistorySamples = 1024;
constexpr std::uint32_t kMaxBackfillDepth = 1'024;
// A trained network of the documented sizes is tens of KiB.
constexpr std::size_t kMaxWeightsBytes = 4u << 20;

std::string indexed(const char* field, int i) { return std::string(field) + "[" + std::to_string(i) + "]"; }

bool nonNegative(double v) { return std::isfinite(v) && v >= 0.0; }

// Proto3 enums are open: JSON may carry any integer (`"device_kind": 77`) and
// the parser keeps it. Everything downstream indexes tables by these values,
// so a value the schema does not name is refused here, with the number.
std::string notA(int value, const char* what) { return std::to_string(value) + " is not a " + what; }

// Amounts past a billion devices are typos, and would overflow milli-units.
constexpr double kMaxAmount = 1e9;

void validateAmounts(const v1::DeviceAmounts& a, const std::string& path,
                     const std::function<void(std::string, std::string)>& fail) {
  const auto check = [&](bool has, double v, const char* name) {
    if (!has) return;
    if (!nonNegative(v)) fail(path + "." + name, "must be >= 0");
    else if (v > kMaxAmount) fail(path + "." + name, "must be <= 1e9");
  };
  check(a.has_cpu_cores(), a.cpu_cores(), "cpu_cores");
  check(a.has_gpus(), a.gpus(), "gpus");
  check(a.has_tpus(), a.tpus(), "tpus");
}

void validateQuotas(const v1::Quotas& q, const std::function<void(std::string, std::string)>& fail) {
  if (!v1::Quotas::UnlistedTeams_IsValid(q.unlisted_teams()))
    fail("quotas.unlisted_teams", notA(q.unlisted_teams(), "choice for unlisted teams"));
  std::map<std::string, int> seen;
  for (int i = 0; i < q.teams_size(); ++i) {
    const v1::TeamQuota& t = q.teams(i);
    const std::string path = indexed("quotas.teams", i);
    if (t.team().empty()) {
      fail(path + ".team", "must name a team");
    } else if (const auto [it, fresh] = seen.emplace(t.team(), i); !fresh) {
      fail(path + ".team", "repeats quotas.teams[" + std::to_string(it->second) + "] (" + t.team() + ")");
    }
    validateAmounts(t.guarantee(), path + ".guarantee", fail);
    validateAmounts(t.borrowing_limit(), path + ".borrowing_limit", fail);
    const v1::DeviceAmounts& limit = t.borrowing_limit();
    if (t.cohort().empty() && (limit.has_cpu_cores() || limit.has_gpus() || limit.has_tpus()))
      fail(path + ".borrowing_limit", "needs a cohort to borrow from");
    // A limit beyond a guarantee that is not set limits nothing.
    const v1::DeviceAmounts& g = t.guarantee();
    if (limit.has_cpu_cores() && !g.has_cpu_cores())
      fail(path + ".borrowing_limit.cpu_cores", "needs guarantee.cpu_cores");
    if (limit.has_gpus() && !g.has_gpus()) fail(path + ".borrowing_limit.gpus", "needs guarantee.gpus");
    if (limit.has_tpus() && !g.has_tpus()) fail(path + ".borrowing_limit.tpus", "needs guarantee.tpus");
  }
}

// A target wait beyond a year promises nothing: a typo (milliseconds for
// seconds), not a service level.
constexpr double kMaxTargetWaitS = 365.0 * 24 * 3600;

void validateSlo(const v1::SloTargets& s, const std::function<void(std::string, std::string)>& fail) {
  const auto check = [&](bool has, double v, const char* name) {
    if (!has) return;
    const std::string field = std::string("slo.") + name;
    if (!std::isfinite(v) || v <= 0.0) fail(field, "must be > 0 seconds (unset it for the default)");
    else if (v > kMaxTargetWaitS) fail(field, "must be <= 31536000 (a year)");
  };
  check(s.has_high_wait_s(), s.high_wait_s(), "high_wait_s");
  check(s.has_middle_wait_s(), s.middle_wait_s(), "middle_wait_s");
  check(s.has_low_wait_s(), s.low_wait_s(), "low_wait_s");
}

}  // namespace

std::vector<FieldError> validatePolicy(const v1::Policy& p) {
  std::vector<FieldError> errors;
  auto fail = [&](std::string field, std::string problem) { errors.push_back({std::move(field), std::move(problem)}); };

  if (p.name().empty()) fail("name", "must not be empty");
  if (p.version() == 0) fail("version", "must be > 0");

  const v1::QueueDiscipline& q = p.queue();
  if (!v1::QueueDiscipline::Kind_IsValid(q.kind())) fail("queue.kind", notA(q.kind(), "queue kind"));
  else if (q.kind() == v1::QueueDiscipline::KIND_UNSPECIFIED) fail("queue.kind", "must be set");
  if (!nonNegative(q.aging_interval_s())) fail("queue.aging_interval_s", "must be >= 0");
  else if (q.kind() == v1::QueueDiscipline::PRIORITY && q.aging_interval_s() <= 0.0)
    fail("queue.aging_interval_s", "must be > 0 for PRIORITY, or low classes can starve");
  if (q.backfill_depth() > kMaxBackfillDepth) fail("queue.backfill_depth", "must be <= 1024");

  const v1::PlacementRule& pl = p.placement();
  if (!v1::PlacementRule::Kind_IsValid(pl.kind())) fail("placement.kind", notA(pl.kind(), "placement kind"));
  else if (pl.kind() == v1::PlacementRule::KIND_UNSPECIFIED) fail("placement.kind", "must be set");
  for (int i = 0; i < pl.routes_size(); ++i) {
    const v1::RouteOverride& route = pl.routes(i);
    const std::string path = indexed("placement.routes", i);
    if (!v1::JobKind_IsValid(route.job_kind())) fail(path + ".job_kind", notA(route.job_kind(), "job kind"));
    else if (route.job_kind() == v1::JOB_KIND_UNSPECIFIED) fail(path + ".job_kind", "must be set");
    if (!v1::DeviceKind_IsValid(route.device_kind()))
      fail(path + ".device_kind", notA(route.device_kind(), "device kind"));
    else if (route.device_kind() == v1::DEVICE_KIND_UNSPECIFIED) fail(path + ".device_kind", "must be set");
  }
  for (int i = 0; i < pl.weights_size(); ++i) {
    if (pl.weights(i) == 0) fail(indexed("placement.weights", i), "must be > 0");
  }
  if (pl.kind() == v1::PlacementRule::CONSISTENT_HASH && pl.virtual_nodes() == 0)
    fail("placement.virtual_nodes", "must be > 0");
  if (pl.virtual_nodes() > kMaxVirtualNodes) fail("placement.virtual_nodes", "must be <= 10000");
  if (!nonNegative(pl.priority_factor())) fail("placement.priority_factor", "must be >= 0");
  if (!nonNegative(pl.resource_score())) fail("placement.resource_score", "must be >= 0");
  if (pl.kind() == v1::PlacementRule::EXTERNAL && pl.external_scorer().empty())
    fail("placement.external_scorer", "must name a scorer");
  if (!pl.hybrid_weights().empty()) {
    const bool hybrid = pl.kind() == v1::PlacementRule::EXTERNAL &&
                        (pl.external_scorer() == "hybrid" || pl.external_scorer().starts_with("hybrid:"));
    if (!hybrid) fail("placement.hybrid_weights", "only the hybrid scorer carries weights");
    if (pl.hybrid_weights().size() > kMaxWeightsBytes) fail("placement.hybrid_weights", "must be at most 4 MiB");
  }

  const v1::PreemptionRule& pre = p.preemption();
  if (!nonNegative(pre.restart_cost_s())) fail("preemption.restart_cost_s", "must be >= 0");

  if (!nonNegative(p.canary().min_duration_s())) fail("canary.min_duration_s", "must be >= 0");
  const v1::MigrationRule& m = p.migration();
  const double threshold = m.utilization_threshold();
  if (m.enabled() && !(std::isfinite(threshold) && threshold > 0.0 && threshold <= 1.0))
    fail("migration.utilization_threshold", "must be in (0, 1]");
  if (!nonNegative(m.cost_s())) fail("migration.cost_s", "must be >= 0");
  // Either trigger is enough: completions (max_per_event) or ticks (max_per_tick).
  if (m.enabled() && m.max_per_event() == 0 && m.max_per_tick() == 0) fail("migration.max_per_event", "must be > 0");
  if (!nonNegative(m.data_gib())) fail("migration.data_gib", "must be >= 0");
  if (!nonNegative(m.data_gib_per_gpu())) fail("migration.data_gib_per_gpu", "must be >= 0");
  if (!nonNegative(m.link_gib_per_s())) fail("migration.link_gib_per_s", "must be >= 0");
  if ((m.data_gib() > 0.0 || m.data_gib_per_gpu() > 0.0) && !(m.link_gib_per_s() > 0.0))
    fail("migration.link_gib_per_s", "must be > 0 when data is moved");
  if (!nonNegative(m.prediction_window_s())) fail("migration.prediction_window_s", "must be >= 0");
  if (m.history_samples() == 1 || m.history_samples() > kMaxHistorySamples)
    fail("migration.history_samples", "must be 0 or in [2, 1024]");
  validateQuotas(p.quotas(), fail);
  validateSlo(p.slo(), fail);
  return errors;
}

}  // namespace hetsched
