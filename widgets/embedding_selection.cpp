#include "embedding_selection.h"

#include "base/model/embedded_point.h"
#include "base/model/job.h"

#include <span>
#include <vector>

namespace hetsched {

std::vector<JobId> jobsInRect(std::span<const EmbeddedPoint> points, const QRectF& rect) {
  const QRectF r = rect.normalized();
  std::vector<JobId> jobs;
  for (const EmbeddedPoint& p : points) {
    // Inclusive edges: a point exactly on the drawn border looks inside.
    if (p.x >= r.left() && p.x <= r.right() && p.y >= r.top() && p.y <= r.bottom()) jobs.push_back(p.job);
  }
  return jobs;
}

std::vector<JobId> jobsInPolygon(std::span<const EmbeddedPoint> points, const QPolygonF& polygon) {
  std::vector<JobId> jobs;
  if (polygon.size() < 3) return jobs;
  const QRectF bounds = polygon.boundingRect();
  for (const EmbeddedPoint& p : points) {
    const QPointF point(p.x, p.y);
    // Even-odd: a lasso that crosses itself leaves its twisted parts out,
    // which is what the drawn outline suggests.
    if (bounds.contains(point) && polygon.containsPoint(point, Qt::OddEvenFill)) jobs.push_back(p.job);
  }
  return jobs;
}

}  // namespace hetsched
