#pragma once

#include "base/model/job.h"
#include "base/model/job_story.h"
#include "base/model/topology.h"

#include <QDialog>
#include <cstdint>
#include <vector>

class QFormLayout;
class QLabel;
class QTableWidget;

namespace hetsched {

class JobStoryStrip;

// A job's whole story, opened from any view that shows jobs: what it asked
// for, who and what it is, when it was submitted, started and ended, how long
// it has waited and run against its estimate, where it ran, and its events
// (submitted, started, preempted, migrated, finished) on a small timeline.
// Non-modal; the host refills it as the job list changes.
class JobStoryDialog : public QDialog {
  Q_OBJECT
 public:
  explicit JobStoryDialog(QWidget* parent = nullptr);

  void setTopology(const Topology& topology);
  void setStory(const JobStory& story);
  JobId job() const { return m_story.job.id; }
  const JobStory& story() const { return m_story; }

  // "Label: value" lines, then one line per event, as displayed.
  QString displayedText() const;
  QTableWidget* events() const { return m_events; }

 private:
  enum Row {
    State,
    Kind,
    Priority,
    Owner,
    Request,
    Submitted,
    Started,
    Ended,
    Waited,
    Ran,
    Estimate,
    PredictedStart,
    WaitReason,
    Placement,
    RowCount
  };

  QString devicesText(const std::vector<std::uint32_t>& devices) const;
  QString requestText() const;
  QString eventText(const JobEvent& event) const;

  Topology m_topology;
  JobStory m_story;
  QLabel* m_heading;
  QFormLayout* m_form;
  std::vector<QLabel*> m_values;
  JobStoryStrip* m_strip;
  QTableWidget* m_events;
};

}  // namespace hetsched
