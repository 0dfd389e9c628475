#pragma once

#include "model/device_kind.h"
#include "model/job.h"

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
// The engine's clusters are open-ended: the seven Okabe–Ito colours, then
// the same colours again with the next marker shape (clusterShape), so two
// clusters never differ by a hue colour-blind readers cannot tell apart.
// -1 (no cluster) is grey.
QColor clusterColor(std::int32_t cluster);
// 0 (disc), 1 (square), 2 (triangle), 3 (diamond), then round again.
int clusterShape(std::int32_t cluster);

// Cluster clock time as H:MM:SS (hours not wrapped), "—" for -1 (unknown).
QString clockText(std::int64_t ms);
// A duration as "1 h 02 min", "3 min 20 s" or "45 s".
QString durationText(std::int64_t ms);

}  // namespace hetsched
