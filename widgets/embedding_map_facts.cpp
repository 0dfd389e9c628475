// EmbeddingMapView: what a point is (tooltip) and what a selection amounts to.
#include "base/model/job.h"
#include "base/model/job_set_summary.h"
#include "embedding_map_view.h"
#include "job_style.h"
#include "qcustomplot_include.h"

#include <QLabel>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

QString stateWord(JobState state) {
  switch (state) {
    case JobState::Queued: return EmbeddingMapView::tr("waiting");
    case JobState::Running: return EmbeddingMapView::tr("running");
    case JobState::Completed: return EmbeddingMapView::tr("finished");
    case JobState::Unschedulable: return EmbeddingMapView::tr("refused");
  }
  return {};
}

}  // namespace

void EmbeddingMapView::setJobs(std::shared_ptr<const std::vector<Job>> jobs, std::int64_t nowMs) {
  m_jobs = std::move(jobs);
  m_nowMs = nowMs;
  m_jobIndex.clear();
  if (m_jobs) {
    m_jobIndex.reserve(m_jobs->size());
    for (std::size_t i = 0; i < m_jobs->size(); ++i) m_jobIndex.emplace((*m_jobs)[i].id, i);
  }
  // The team colouring reads the jobs (the points carry no team).
  if (m_colorBy == ColorBy::Team) {
    rebuildGraphs();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
  }
  updateSummary();
}

QString EmbeddingMapView::toolTipFor(JobId job) const {
  const auto it = m_jobIndex.find(job);
  if (!m_jobs || it == m_jobIndex.end()) return tr("Job #%1 (no longer listed)").arg(job);
  const Job& j = (*m_jobs)[it->second];
  const bool started = j.state == JobState::Running || j.state == JobState::Completed;
  const std::int64_t waited = (started ? j.startTimeMs : m_nowMs) - j.submitTimeMs;
  return tr("#%1 %2\n%3 · %4 · %5\nwaited %6\nowner: %7\nclick for its story")
      .arg(QString::number(j.id), QString::fromStdString(j.spec.name), jobKindName(j.spec.kind),
           priorityName(j.spec.priority), stateWord(j.state), durationText(waited), ownerText(j.spec));
}

QString EmbeddingMapView::selectionSummary() const {
  if (m_selected.empty()) return {};
  std::vector<JobId> selected(m_selected.begin(), m_selected.end());
  std::ranges::sort(selected);
  const JobSetSummary s = m_jobs ? summarizeJobs(*m_jobs, selected, m_nowMs) : JobSetSummary{};
  QStringList kinds;
  for (std::size_t k = 0; k < kJobKindCount; ++k)
    if (s.kinds[k] > 0) kinds << tr("%1 %2").arg(jobKindName(static_cast<JobKind>(k))).arg(s.kinds[k]);
  QString text = tr("%1 jobs selected").arg(selected.size());
  if (s.count > 0) {
    text += tr(" · %1 · mean wait %2")
                .arg(kinds.join(QStringLiteral(", ")), durationText(static_cast<std::int64_t>(s.meanWaitS * 1000)));
    if (s.started > 0)
      text += tr(" · mean runtime %1 (%2 started)")
                  .arg(durationText(static_cast<std::int64_t>(s.meanRuntimeS * 1000)))
                  .arg(s.started);
  }
  if (s.count < selected.size()) text += tr(" · %1 no longer listed").arg(selected.size() - s.count);
  return text + tr(" · also selected in the timeline and heatmap");
}

void EmbeddingMapView::updateSummary() {
  const QString text = selectionSummary();
  m_summary->setText(text);
  m_summary->setVisible(!text.isEmpty());
}

}  // namespace hetsched
