#pragma once

#include "base/model/job_story.h"

#include <QWidget>

namespace hetsched {

// A job's life on one line, from submit to now or its end: grey while it
// waits, its kind's colour while it runs, hatched where a run was cut short
// (preempted) and with an arrow where it moved (migrated).
class JobStoryStrip : public QWidget {
  Q_OBJECT
 public:
  explicit JobStoryStrip(QWidget* parent = nullptr);

  void setStory(const JobStory& story);
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  JobStory m_story;
};

}  // namespace hetsched
