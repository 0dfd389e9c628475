#include "device_text.h"

#include <QCoreApplication>
#include <QStringList>

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

QString deviceSummary(const Topology& topology, const Frame* frame, std::size_t device,
                      const JobNames& names) {
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
  for (const Metric metric : kMetrics) {
    const QString value =
        haveFrame ? formatMetric(metric, metricValue(*frame, device, metric)) : tr("—");
    lines << tr("%1: %2").arg(metricName(metric), value);
  }
  lines << tr("Job: %1").arg(haveFrame ? jobText(frame->job[device], names) : tr("—"));
  return lines.join(QLatin1Char('\n'));
}

}  // namespace hetsched
