#pragma once

#include "base/model/job.h"

#include <QObject>

#include <span>
#include <vector>

namespace hetsched {

// The jobs the operator has selected, shared by every view of the console.
// A view selects with its own origin tag and skips changed() signals that
// carry it, so it never re-applies (echoes) its own change.
class JobSelection : public QObject {
  Q_OBJECT
 public:
  enum class Origin { Other, Heatmap, Timeline, QueuePanel, EmbeddingMap };
  Q_ENUM(Origin)

  explicit JobSelection(QObject* parent = nullptr);

  // Replaces the selection (sorted, without duplicates); emits changed only
  // when it differs.
  void select(std::span<const JobId> jobs, Origin origin);
  void clear(Origin origin) { select({}, origin); }
  const std::vector<JobId>& jobs() const { return m_jobs; }
  bool contains(JobId job) const;
  bool isEmpty() const { return m_jobs.empty(); }

 Q_SIGNALS:
  void changed(hetsched::JobSelection::Origin origin);

 private:
  std::vector<JobId> m_jobs;
};

}  // namespace hetsched
