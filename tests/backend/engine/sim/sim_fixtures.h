#pragma once
// Small clusters, jobs and policies shared by the simulator tests.
#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "engine/policy/builtin_policies.h"
#include "engine/policy/compiled_policy.h"
#include "engine/policy/policy_loader.h"
#include "engine/sim/sim_job.h"
#include "engine/sim/sim_result.h"
#include "engine/sim/simulation_options.h"
#include "engine/sim/simulator.h"
#include "policy.pb.h"

#include <QTest>
#include <cstdint>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched::testing {

using namespace hetsched;

// One CPU node whose single one-core device runs one job at a time.
inline Topology oneSlot() {
  Topology t;
  const std::optional<DeviceModel> xeon = findBuiltinModel("Xeon");
  if (!xeon) qFatal("no built-in device model Xeon");
  DeviceModel core = *xeon;
  core.name = "core";
  core.cores = 1;
  t.models = {core};
  t.nodes = {{"n0", DeviceKind::Cpu, 0, 1, 0, 1024}};
  t.devices = {{0, 0, 0}};
  return t;
}

inline SimJob job(double arrival, double runtime, PriorityClass priority = PriorityClass::Middle,
                  bool interruptible = false, std::uint32_t cpuMilli = 1000) {
  SimJob j;
  j.arrivalS = arrival;
  j.runtimeS = runtime;
  j.spec.kind = JobKind::Service;
  j.spec.priority = priority;
  j.spec.interruptible = interruptible;
  j.spec.requests.cpuMilli = cpuMilli;
  return j;
}

inline CompiledPolicy policy(QueueKind queue, PlacementKind placement = PlacementKind::FirstFit) {
  CompiledPolicy p;
  p.name = "test";
  p.queue = queue;
  p.placement = placement;
  return p;
}

inline SimResult simulate(const Topology& t, const CompiledPolicy& p, const std::vector<SimJob>& jobs,
                          SimulationOptions options = {}) {
  auto result = Simulator(t, p, options).run(jobs);
  if (!std::holds_alternative<SimResult>(result)) qFatal("simulation failed");
  return std::get<SimResult>(std::move(result));
}

inline CompiledPolicy builtin(const char* name) {
  for (const v1::Policy& p : builtinPolicies())
    if (p.name() == name) return std::get<CompiledPolicy>(compilePolicy(p));
  qFatal("no built-in %s", name);
}

}  // namespace hetsched::testing
