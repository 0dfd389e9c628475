#include "prediction_convert.h"

#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "hetsched.pb.h"
#include "proto_convert.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>

namespace hetsched {

namespace {

// Our enums start at 0; the wire's at 1 (0 is UNSPECIFIED).
template <typename Wire, typename Ours>
Wire wire(Ours value) {
  return static_cast<Wire>(static_cast<int>(value) + 1);
}

void writeReason(const WaitReason& r, v1::WaitReason* out) {
  out->set_cause(r.cause == WaitCause::Unknown ? v1::WaitReason::CAUSE_UNSPECIFIED
                                               : static_cast<v1::WaitReason::Cause>(static_cast<int>(r.cause)));
  out->set_kind(toProto(r.kind));
  out->set_nodes_of_kind(r.nodesOfKind);
  out->set_nodes_up(r.nodesUp);
  out->set_nodes_with_room(r.nodesWithRoom);
  for (const std::uint32_t n : r.shortOn) out->add_short_on(n);
  out->set_order(wire<v1::WaitReason::Order>(r.order));
  out->set_ahead(r.ahead);
  out->set_ahead_by_class(r.aheadByClass);
  out->set_aged_class(toProto(r.agedClass));
  out->set_aged(r.aged);
  out->set_backfill_depth(r.backfillDepth);
  out->set_arm(r.arm);
  out->set_quota_team(r.quota.team);
  out->set_quota_no_queue(r.quota.noQueue);
  out->set_quota_used_milli(r.quota.usedMilli);
  out->set_quota_guarantee_milli(r.quota.guaranteeMilli);
  out->set_quota_borrowable_milli(r.quota.borrowableMilli);
  out->set_quota_request_milli(r.quota.requestMilli);
  out->set_kept_node(r.keptNode);
  out->set_kept_for_it(r.keptForIt);
  out->set_kept_for(r.keptFor);
  out->set_kept_until_ms(r.keptUntilMs);
}

std::variant<WaitReason, std::string> readReason(const v1::WaitReason& in, const std::string& path) {
  WaitReason r;
  if (in.cause() < 0 || static_cast<std::size_t>(in.cause()) >= kWaitCauseCount)
    return path + ".cause: unknown value " + std::to_string(in.cause());
  r.cause = static_cast<WaitCause>(in.cause());
  if (r.cause == WaitCause::Unknown) return r;  // nothing else was filled
  const auto kind = fromProto(in.kind());
  if (!kind) return path + ".kind: unknown device kind " + std::to_string(in.kind());
  r.kind = *kind;
  r.nodesOfKind = in.nodes_of_kind();
  r.nodesUp = in.nodes_up();
  r.nodesWithRoom = in.nodes_with_room();
  for (int i = 0; i < in.short_on_size() && static_cast<std::size_t>(i) < kShortResourceCount; ++i)
    r.shortOn[static_cast<std::size_t>(i)] = in.short_on(i);
  if (in.order() < v1::WaitReason::ORDER_FCFS || in.order() > v1::WaitReason::ORDER_PRIORITY)
    return path + ".order: unknown queue order " + std::to_string(in.order());
  r.order = static_cast<QueueOrder>(in.order() - 1);
  r.ahead = in.ahead();
  r.aheadByClass = in.ahead_by_class();
  if (in.aged_class() < v1::PRIORITY_CLASS_HIGH || in.aged_class() > v1::PRIORITY_CLASS_LOW)
    return path + ".aged_class: unknown priority class " + std::to_string(in.aged_class());
  r.agedClass = static_cast<PriorityClass>(in.aged_class() - 1);
  r.aged = in.aged();
  r.backfillDepth = in.backfill_depth();
  if (in.arm() > 1) return path + ".arm: must be 0 or 1";
  r.arm = static_cast<std::uint8_t>(in.arm());
  r.quota.team = in.quota_team();
  r.quota.noQueue = in.quota_no_queue();
  r.quota.usedMilli = in.quota_used_milli();
  r.quota.guaranteeMilli = in.quota_guarantee_milli();
  r.quota.borrowableMilli = in.quota_borrowable_milli();
  r.quota.requestMilli = in.quota_request_milli();
  // A peer older than the reservation sends 0 (proto3's default) for "none".
  if (in.kept_node() < -1) return path + ".kept_node: must be a node index or -1";
  r.keptNode = in.kept_for_it() || in.kept_for() != 0 ? in.kept_node() : -1;
  r.keptForIt = in.kept_for_it();
  r.keptFor = in.kept_for();
  r.keptUntilMs = r.keptNode >= 0 ? in.kept_until_ms() : -1;
  return r;
}

}  // namespace

void toProto(const QueuePredictions& p, v1::GetPredictionsResponse* out) {
  out->set_availability(wire<v1::GetPredictionsResponse::Availability>(p.availability));
  out->set_at_time_ms(p.atMs);
  out->set_compute_ms(p.computeMs);
  out->set_frame_sequence(p.frameSequence);
  out->mutable_predictions()->Reserve(static_cast<int>(p.jobs.size()));
  for (const JobPrediction& j : p.jobs) {
    v1::JobPrediction* o = out->add_predictions();
    o->set_job_id(j.job);
    o->set_start_time_ms(j.startMs);
    o->set_end_time_ms(j.endMs);
    o->set_node(j.node);
    for (const std::uint32_t d : j.devices) o->add_devices(d);
    writeReason(j.reason, o->mutable_reason());
  }
}

std::variant<QueuePredictions, std::string> fromProto(const v1::GetPredictionsResponse& in) {
  QueuePredictions p;
  const int availability = in.availability();
  if (availability < v1::GetPredictionsResponse::AVAILABILITY_AVAILABLE ||
      availability > v1::GetPredictionsResponse::AVAILABILITY_NOT_YET)
    return "availability: unknown value " + std::to_string(availability);
  p.availability = static_cast<PredictionAvailability>(availability - 1);
  p.atMs = in.at_time_ms();
  p.computeMs = in.compute_ms();
  p.frameSequence = in.frame_sequence();
  p.jobs.reserve(static_cast<std::size_t>(in.predictions_size()));
  for (int i = 0; i < in.predictions_size(); ++i) {
    const v1::JobPrediction& o = in.predictions(i);
    JobPrediction j;
    j.job = o.job_id();
    j.startMs = o.start_time_ms();
    j.endMs = o.end_time_ms();
    j.node = o.node();
    j.devices.assign(o.devices().begin(), o.devices().end());
    auto reason = readReason(o.reason(), "predictions[" + std::to_string(i) + "].reason");
    if (auto* e = std::get_if<std::string>(&reason)) return std::move(*e);
    j.reason = std::get<WaitReason>(reason);
    p.jobs.push_back(std::move(j));
  }
  return p;
}

}  // namespace hetsched
