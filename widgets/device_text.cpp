#include "device_text.h"

#include "base/model/device_kind.h"
#include "base/model/device_model.h"
#include "base/model/frame.h"
#include "base/model/gpu_allocation.h"
#include "base/model/job.h"
#include "base/model/mig_layout.h"
#include "base/model/topology.h"
#include "metric.h"

#include <QCoreApplication>
#include <QStringList>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace hetsched {

namespace {
// lupdate files tr() calls in namespace hetsched under the context "hetsched".
QString tr(const char* text) { return QCoreApplication::translate("hetsched", text); }
}  // namespace

QString kindName(DeviceKind kind) {
  switch (kind) {
    case DeviceKind::Cpu: return tr("CPU");
    case DeviceKind::Gpu: return tr("GPU");
    case DeviceKind::Tpu: return tr("TPU");
  }
  return {};
}

QString jobText(JobId job, const JobNames& names) {
  if (job == 0) return tr("idle");
  const auto it = names.find(job);
  if (it == names.end()) return tr("#%1").arg(job);
  return tr("#%1 %2").arg(QString::number(job), it->second);
}

QString nodeStateText(bool up) { return up ? tr("up") : tr("DOWN"); }

namespace {
QString percentOf(std::uint32_t milli, std::uint32_t capacity) {
  return QString::number(capacity > 0 ? 100.0 * milli / capacity : 0.0, 'f', milli * 1000ull % capacity == 0 ? 0 : 1);
}
}  // namespace

QString allocationText(const GpuAllocation& allocation, std::size_t device) {
  const auto jobs = static_cast<int>(allocation.jobCount(device));
  if (jobs == 0) return tr("nothing held");
  const QString percent = percentOf(allocation.allocatedMilli(device), allocation.capacityMilli(device));
  return jobs == 1 ? tr("%1 % held by 1 job").arg(percent) : tr("%1 % held by %2 jobs").arg(percent).arg(jobs);
}

QStringList shareLines(const GpuAllocation& allocation, std::size_t device, const JobNames& names) {
  QStringList lines;
  for (const DeviceShare& share : allocation.sharesOf(device))
    lines << tr("%1 · %2 %").arg(jobText(share.job, names), percentOf(share.milli, allocation.capacityMilli(device)));
  return lines;
}

namespace {
QString profileText(std::string_view profile) {
  return QString::fromUtf8(profile.data(), static_cast<qsizetype>(profile.size()));
}
}  // namespace

QString partitionText(const Topology& topology, const MigLayout& mig, std::size_t device) {
  if (mig.isInstance(device)) {
    const QString profile = profileText(mig.profileOf(topology, device));
    const auto parent = mig.parentOf(device);
    if (!parent) return tr("MIG %1 (its GPU not reported)").arg(profile);
    // The model, named on its own line, already says which kind of GPU.
    return tr("MIG %1 of the GPU in slot %2, %3/%4 of its compute")
        .arg(profile, QString::number(topology.devices[*parent].slot), QString::number(mig.slices(device)),
             QString::number(mig.slices(*parent)));
  }
  if (!mig.inMigMode(device)) return {};
  if (mig.instanceCount(device) == 0) return tr("MIG on: no instances (%1 slices free)").arg(mig.slices(device));
  QStringList profiles;
  for (std::uint32_t d = static_cast<std::uint32_t>(device) + 1; d <= mig.lastInstance(device); ++d)
    if (mig.parentOf(d) == static_cast<std::uint32_t>(device)) profiles << profileText(mig.profileOf(topology, d));
  return tr("MIG on: %1 (%2 of %3 slices)")
      .arg(profiles.join(QStringLiteral(", ")), QString::number(mig.slicesHeld(device)),
           QString::number(mig.slices(device)));
}

QString deviceSummary(const Topology& topology, const Frame* frame, std::size_t device, const JobNames& names,
                      const GpuAllocation* allocation, const MigLayout* mig) {
  const DeviceInfo& info = topology.devices[device];
  const NodeInfo& node = topology.nodes[info.node];
  const DeviceModel& model = topology.models[info.model];
  const bool haveFrame = frame != nullptr && frameMatches(topology, *frame);
  const bool up = !haveFrame || frame->nodeUp[info.node] != 0;

  QStringList lines;
  lines << tr("%1 · slot %2 (%3)")
               .arg(QString::fromStdString(node.name), QString::number(info.slot),
                    up ? kindName(model.kind) : tr("%1, node DOWN").arg(kindName(model.kind)));
  lines << tr("Model: %1").arg(QString::fromStdString(model.name));
  if (mig && !mig->empty())
    if (const QString partition = partitionText(topology, *mig, device); !partition.isEmpty())
      lines << tr("Partition: %1").arg(partition);
  for (const Metric metric : kMetrics) {
    const QString value = haveFrame ? formatMetric(metric, metricValue(*frame, device, metric)) : tr("—");
    lines << tr("%1: %2").arg(metricName(metric), value);
  }
  const bool haveAllocation = allocation != nullptr && allocation->deviceCount() == topology.devices.size();
  if (haveAllocation && allocation->isShared(device)) {
    // A shared GPU: the frame's one job would hide the others.
    lines << tr("Allocated: %1").arg(allocationText(*allocation, device));
    for (const QString& line : shareLines(*allocation, device, names)) lines << QStringLiteral("  ") + line;
  } else {
    lines << tr("Job: %1").arg(haveFrame ? jobText(frame->job[device], names) : tr("—"));
  }
  return lines.join(QLatin1Char('\n'));
}

}  // namespace hetsched
