#pragma once

#include "base/model/device_kind.h"
#include "base/model/job.h"

#include <QColor>
#include <QString>

#include <cstdint>

namespace hetsched {

// Names and colours of job attributes, shared by the queue timeline, the
// queue panel and the job map so one kind reads the same everywhere.
QString jobKindName(JobKind kind);
QString priorityName(PriorityClass priority);

// Okabe–Ito's qualitative palette: distinguishable with the common forms of
// colour blindness, and none of them is the heatmap's gradient.
QColor jobKindColor(JobKind kind);
QColor priorityColor(PriorityClass priority);
QColor deviceKindColor(DeviceKind kind);
// The engine's clusters are open-ended: twelve distinct hues (Kelly's
// colours of maximum contrast), one per cluster the job map names, with a
// marker shape that cycles every four clusters (clusterShape), so clusters
// whose hues colour-blind readers confuse differ in shape. -1 (no cluster)
// is grey.
QColor clusterColor(std::int32_t cluster);
// cluster % 4: 0 (disc), 1 (square), 2 (triangle), 3 (diamond).
int clusterShape(std::int32_t cluster);

// "mina (vision)", "mina", "team vision", or "not reported" when the
// cluster's source names neither.
QString ownerText(const JobSpec& spec);

// Cluster clock time as H:MM:SS (hours not wrapped), "—" for -1 (unknown).
QString clockText(std::int64_t ms);
// A duration as "1 h 02 min", "3 min 20 s" or "45 s".
QString durationText(std::int64_t ms);

}  // namespace hetsched
