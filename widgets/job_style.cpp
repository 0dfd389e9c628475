#include "job_style.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "okabe_ito.h"

#include <QCoreApplication>
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

namespace hetsched {

namespace {
// Clusters: twelve of Kelly's (1965) colours of maximum contrast, one hue
// for each cluster the job map names (7 hues made the eighth cluster the
// first one's twin). Normal vision tells any two apart (CIE76 ΔE >= 15);
// readers with a colour deficiency get the marker shape too, cluster % 4,
// and the three clusters of one shape stay apart for them (ΔE >= 14).
constexpr std::array<QRgb, 12> kClusterPalette{0xBE0032, 0x604E97, 0xF3C300, 0xA1CAF1, 0x008856, 0x8DB600,
                                               0xF99379, 0xF38400, 0x0067A5, 0xE68FAC, 0x875692, 0x882D17};
constexpr int kClusterShapes = 4;
}  // namespace

QString jobKindName(JobKind kind) {
  switch (kind) {
    case JobKind::Training: return QCoreApplication::translate("hetsched::JobStyle", "Training");
    case JobKind::Inference: return QCoreApplication::translate("hetsched::JobStyle", "Inference");
    case JobKind::Service: return QCoreApplication::translate("hetsched::JobStyle", "Service");
    case JobKind::Batch: return QCoreApplication::translate("hetsched::JobStyle", "Batch");
    case JobKind::Realtime: return QCoreApplication::translate("hetsched::JobStyle", "Real-time");
  }
  return {};
}

QString priorityName(PriorityClass priority) {
  switch (priority) {
    case PriorityClass::High: return QCoreApplication::translate("hetsched::JobStyle", "High");
    case PriorityClass::Middle: return QCoreApplication::translate("hetsched::JobStyle", "Middle");
    case PriorityClass::Low: return QCoreApplication::translate("hetsched::JobStyle", "Low");
  }
  return {};
}

QColor jobKindColor(JobKind kind) {
  switch (kind) {
    case JobKind::Training: return QColor(kOkabeIto[4]);   // blue
    case JobKind::Inference: return QColor(kOkabeIto[0]);  // orange
    case JobKind::Service: return QColor(kOkabeIto[2]);    // green
    case JobKind::Batch: return QColor(kOkabeIto[6]);      // purple
    case JobKind::Realtime: return QColor(kOkabeIto[5]);   // vermillion
  }
  return Qt::gray;
}

QColor priorityColor(PriorityClass priority) {
  switch (priority) {
    case PriorityClass::High: return QColor(kOkabeIto[5]);
    case PriorityClass::Middle: return QColor(kOkabeIto[0]);
    case PriorityClass::Low: return QColor(kOkabeIto[1]);
  }
  return Qt::gray;
}

QColor deviceKindColor(DeviceKind kind) {
  switch (kind) {
    case DeviceKind::Cpu: return QColor(kOkabeIto[1]);
    case DeviceKind::Gpu: return QColor(kOkabeIto[2]);
    case DeviceKind::Tpu: return QColor(kOkabeIto[5]);
  }
  return Qt::gray;
}

QColor clusterColor(std::int32_t cluster) {
  if (cluster < 0) return QColor(160, 160, 160);
  return QColor(kClusterPalette[static_cast<std::size_t>(cluster) % kClusterPalette.size()]);
}

int clusterShape(std::int32_t cluster) {
  if (cluster < 0) return 0;
  return static_cast<int>(static_cast<std::size_t>(cluster) % kClusterShapes);
}

QString ownerText(const JobSpec& spec) {
  QString owner = QString::fromStdString(spec.owner);
  const QString team = QString::fromStdString(spec.team);
  if (!owner.isEmpty() && !team.isEmpty())
    return QCoreApplication::translate("hetsched::JobStyle", "%1 (%2)").arg(owner, team);
  if (!owner.isEmpty()) return owner;
  if (!team.isEmpty()) return QCoreApplication::translate("hetsched::JobStyle", "team %1").arg(team);
  return QCoreApplication::translate("hetsched::JobStyle", "not reported");
}

QString clockText(std::int64_t ms) {
  if (ms < 0) return QCoreApplication::translate("hetsched::JobStyle", "—");
  const std::int64_t s = ms / 1000;
  return QStringLiteral("%1:%2:%3")
      .arg(s / 3600)
      .arg((s / 60) % 60, 2, 10, QLatin1Char('0'))
      .arg(s % 60, 2, 10, QLatin1Char('0'));
}

QString durationText(std::int64_t ms) {
  const std::int64_t s = std::max<std::int64_t>(0, ms) / 1000;
  if (s >= 3600)
    return QCoreApplication::translate("hetsched::JobStyle", "%1 h %2 min")
        .arg(s / 3600)
        .arg((s / 60) % 60, 2, 10, QLatin1Char('0'));
  if (s >= 60)
    return QCoreApplication::translate("hetsched::JobStyle", "%1 min %2 s")
        .arg(s / 60)
        .arg(s % 60, 2, 10, QLatin1Char('0'));
  return QCoreApplication::translate("hetsched::JobStyle", "%1 s").arg(s);
}

}  // namespace hetsched
