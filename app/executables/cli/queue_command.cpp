// hetsched queue: a gateway's waiting jobs with their predicted start,
// node and why each waits, from its live forecast (GetPredictions).
#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "cli_args.h"
#include "commands.h"
#include "connect_args.h"
#include "hetsched.grpc.pb.h"
#include "hetsched.pb.h"
#include "queue_text.h"
#include "serve/client/gateway_channel.h"
#include "serve/rpc/prediction_convert.h"
#include "serve/rpc/proto_convert.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <grpcpp/grpcpp.h>
#include <grpcpp/support/status.h>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched::cli {

namespace {

constexpr const char* kUsage =
    "usage: hetsched queue --connect HOST:PORT [--json] [--limit N] [--token-file F] [--tls] [--ca F] ...\n"
    "  every waiting job in order of its predicted start: when and on which node the gateway's\n"
    "  scheduling core, run forward from now with no new arrivals, starts it, and why it waits now\n"
    "  --json   the same as JSON (times in cluster milliseconds; reasons as values)\n"
    "  --limit  at most N jobs (default all)\n";

int failed(const char* what, const grpc::Status& status) {
  std::fprintf(stderr, "hetsched queue: %s: %s (code %d)\n", what, status.error_message().c_str(),
               static_cast<int>(status.error_code()));
  return 1;
}

nlohmann::json reasonJson(const WaitReason& r) {
  nlohmann::json shortOn = nlohmann::json::object();
  for (std::size_t i = 0; i < kShortResourceCount; ++i)
    shortOn[std::string(toString(static_cast<ShortResource>(i)))] = r.shortOn[i];
  nlohmann::json out = {{"cause", toString(r.cause)},
                        {"kind", toString(r.kind)},
                        {"nodes_of_kind", r.nodesOfKind},
                        {"nodes_up", r.nodesUp},
                        {"nodes_with_room", r.nodesWithRoom},
                        {"short_on", shortOn},
                        {"order", toString(r.order)},
                        {"ahead", r.ahead},
                        {"ahead_by_class", r.aheadByClass},
                        {"aged_class", toString(r.agedClass)},
                        {"aged", r.aged},
                        {"backfill_depth", r.backfillDepth},
                        {"arm", r.arm}};
  // A team's quota held it: the numbers, in units of the kind (GPUs, cores).
  if (r.cause == WaitCause::Quota && (!r.quota.team.empty() || r.quota.noQueue))
    out["quota"] = {{"team", r.quota.team},
                    {"no_queue", r.quota.noQueue},
                    {"used", static_cast<double>(r.quota.usedMilli) / 1000.0},
                    {"guarantee", static_cast<double>(r.quota.guaranteeMilli) / 1000.0},
                    {"borrowable", static_cast<double>(r.quota.borrowableMilli) / 1000.0},
                    {"request", static_cast<double>(r.quota.requestMilli) / 1000.0}};
  // The learned policy's reservation, where it bears on the job.
  if (r.keptNode >= 0)
    out["kept"] = {
        {"node", r.keptNode}, {"for_this_job", r.keptForIt}, {"for_job", r.keptFor}, {"until_ms", r.keptUntilMs}};
  return out;
}

}  // namespace

int runQueue(std::span<char* const> argv) {
  const Args args(argv);
  std::vector<std::string_view> known{"connect", "json", "limit", "help"};
  known.insert(known.end(), std::begin(kConnectOptionNames), std::end(kConnectOptionNames));
  const std::optional<std::string> connect = args.value("connect");
  if (args.flag("help") || !args.unknownOptions(known).empty() || !connect || !args.positional().empty()) {
    std::fputs(kUsage, args.flag("help") ? stdout : stderr);
    if (!args.flag("help")) std::fputs(kConnectOptionsHelp, stderr);
    return args.flag("help") ? 0 : 2;
  }
  std::size_t limit = SIZE_MAX;
  if (const auto text = args.value("limit")) {
    try {
      std::size_t used = 0;
      limit = std::stoull(*text, &used);
      if (used != text->size() || limit == 0) throw std::invalid_argument("");
    } catch (const std::exception&) {
      std::fprintf(stderr, "hetsched queue: --limit takes a whole number > 0, not '%s'\n", text->c_str());
      return 2;
    }
  }
  auto security = channelSecurityFromArgs(args);
  if (auto* e = std::get_if<std::string>(&security)) {
    std::fprintf(stderr, "hetsched queue: %s\n", e->c_str());
    return 2;
  }
  const ChannelSecurity& secure = std::get<ChannelSecurity>(security);
  auto stub = v1::ClusterService::NewStub(makeGatewayChannel(*connect, secure));
  const auto call = [&](auto&& rpc) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    addBearerToken(context, secure);
    return rpc(context);
  };

  // The first forecast comes a moment after the gateway starts.
  v1::GetPredictionsResponse wire;
  const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  for (;;) {
    const grpc::Status s = call([&](grpc::ClientContext& c) { return stub->GetPredictions(&c, {}, &wire); });
    if (!s.ok()) return failed("GetPredictions", s);
    if (wire.availability() != v1::GetPredictionsResponse::AVAILABILITY_NOT_YET ||
        std::chrono::steady_clock::now() > giveUp)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  auto decoded = fromProto(wire);
  if (auto* e = std::get_if<std::string>(&decoded)) {
    std::fprintf(stderr, "hetsched queue: the gateway's answer is malformed: %s\n", e->c_str());
    return 1;
  }
  QueuePredictions predictions = std::get<QueuePredictions>(std::move(decoded));
  if (predictions.availability == PredictionAvailability::NotScheduling) {
    std::fprintf(stderr, "hetsched queue: this gateway observes a cluster it does not schedule: no predictions\n");
    return 1;
  }
  if (predictions.availability == PredictionAvailability::NotYet) {
    std::fprintf(stderr, "hetsched queue: the gateway has not finished its first forecast; try again\n");
    return 1;
  }
  const std::size_t waiting = predictions.jobs.size();
  if (predictions.jobs.size() > limit) predictions.jobs.resize(limit);

  v1::ListJobsRequest list;
  list.add_states(v1::JOB_STATE_QUEUED);
  list.set_limit(100000);
  v1::ListJobsResponse jobs;
  if (const auto s = call([&](grpc::ClientContext& c) { return stub->ListJobs(&c, list, &jobs); }); !s.ok())
    return failed("ListJobs", s);
  std::unordered_map<JobId, Job> byId;
  for (const auto& j : jobs.jobs()) byId.emplace(j.id(), fromProto(j));
  v1::Topology wireTopology;
  if (const auto s = call([&](grpc::ClientContext& c) { return stub->GetTopology(&c, {}, &wireTopology); }); !s.ok())
    return failed("GetTopology", s);
  std::vector<std::string> nodeNames;
  for (const auto& n : wireTopology.nodes()) nodeNames.push_back(n.name());

  if (args.flag("json")) {
    nlohmann::json out = {{"at_ms", predictions.atMs},
                          {"waiting", waiting},
                          {"compute_ms", predictions.computeMs},
                          {"frame_sequence", predictions.frameSequence},
                          {"jobs", nlohmann::json::array()}};
    for (const JobPrediction& p : predictions.jobs) {
      nlohmann::json j = {
          {"id", p.job},          {"predicted_start_ms", p.startMs}, {"predicted_end_ms", p.endMs}, {"node", p.node},
          {"devices", p.devices}, {"reason", reasonJson(p.reason)}};
      if (p.node >= 0 && static_cast<std::size_t>(p.node) < nodeNames.size()) j["node_name"] = nodeNames[p.node];
      if (const auto it = byId.find(p.job); it != byId.end()) {
        j["name"] = it->second.spec.name;
        j["kind"] = toString(it->second.spec.kind);
        j["priority"] = toString(it->second.spec.priority);
        j["submitted_ms"] = it->second.submitTimeMs;
      }
      out["jobs"].push_back(std::move(j));
    }
    std::printf("%s\n", out.dump(2).c_str());
    return 0;
  }
  std::printf("%zu waiting at cluster time %s (forecast took %.0f ms)\n", waiting,
              clusterClock(predictions.atMs).c_str(), predictions.computeMs);
  std::printf("%-5s %-8s %-22s %-9s %-6s %-10s %-18s %-10s %s\n", "#", "JOB", "NAME", "KIND", "PRIO", "SUBMITTED",
              "PREDICTED START", "NODE", "WHY IT WAITS");
  std::size_t row = 0;
  for (const JobPrediction& p : predictions.jobs) {
    const auto it = byId.find(p.job);
    const Job* job = it == byId.end() ? nullptr : &it->second;
    const std::string node =
        p.node >= 0 && static_cast<std::size_t>(p.node) < nodeNames.size() ? nodeNames[p.node] : "-";
    std::printf("%-5zu %-8llu %-22.22s %-9s %-6s %-10s %-18s %-10.10s %s\n", ++row,
                static_cast<unsigned long long>(p.job), job ? job->spec.name.c_str() : "?",
                job ? std::string(toString(job->spec.kind)).c_str() : "?",
                job ? std::string(toString(job->spec.priority)).c_str() : "?",
                job ? clusterClock(job->submitTimeMs).c_str() : "?", predictedStart(p, predictions.atMs).c_str(),
                node.c_str(), reasonText(p.reason).c_str());
  }
  return 0;
}

}  // namespace hetsched::cli
