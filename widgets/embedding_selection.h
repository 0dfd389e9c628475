#pragma once

#include "base/model/embedded_point.h"
#include "base/model/job.h"

#include <QPolygonF>
#include <QRectF>
#include <span>
#include <vector>

namespace hetsched {

// The jobs whose points lie inside a rectangle or a lasso polygon, both in
// the embedding's own coordinates; in the points' order.
std::vector<JobId> jobsInRect(std::span<const EmbeddedPoint> points, const QRectF& rect);
std::vector<JobId> jobsInPolygon(std::span<const EmbeddedPoint> points, const QPolygonF& polygon);

}  // namespace hetsched
