#pragma once

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/job_timeline.h"
#include "base/model/topology.h"
#include "team_colours.h"
#include "timeline_index.h"
#include "timeline_layout.h"

#include <QWidget>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

class QPainter;
class QScrollBar;

namespace hetsched {

// Gantt view of the queue: a queue lane of waiting jobs, then one row per
// device grouped by kind and node (nodes and kinds collapse into summary
// rows). Bars are coloured by job kind, priority or team; preempted runs are
// hatched and migrated ones outlined; runs the live forecast predicts are
// pale, hatched the other way and dash-outlined. Wheel or +/- zooms, dragging or the
// arrow keys pan, Home follows the present again. Painted with QPainter over
// a TimelineIndex, so a repaint touches only visible segments and bars
// narrower than a pixel are merged.
class QueueTimelineView : public QWidget {
  Q_OBJECT
 public:
  enum class ColorBy { JobKind, Priority, Team };

  explicit QueueTimelineView(QWidget* parent = nullptr);
  ~QueueTimelineView() override;

  void setTopology(const Topology& topology);
  void setTopology(std::shared_ptr<const Topology> topology);
  void setTimeline(JobTimeline timeline);
  const JobTimeline& timeline() const { return *m_timeline; }
  void setColorBy(ColorBy colorBy);
  ColorBy colorBy() const { return m_colorBy; }
  // The teams' colours (the heatmap's): ColorBy::Team paints each job's bars
  // in its team's colour; a team not among them is grey.
  void setTeamColours(TeamColours colours);
  const TeamColours& teamColours() const { return m_teamColours; }

  // Following keeps the present near the right edge as timelines arrive.
  void setFollowNow(bool follow);
  bool followNow() const { return m_follow; }
  void setVisibleRange(std::int64_t startMs, std::int64_t endMs);
  std::int64_t visibleStartMs() const;
  std::int64_t visibleEndMs() const;
  // factor > 1 zooms in around the widget x coordinate (the plot's centre
  // when not given).
  void zoomBy(double factor, std::optional<int> anchorX = std::nullopt);
  void panByPixels(int dx, int dy = 0);

  void setNodeCollapsed(std::uint32_t node, bool collapsed);
  void setKindCollapsed(DeviceKind kind, bool collapsed);
  void setAllNodesCollapsed(bool collapsed);
  const TimelineLayout& layout() const { return m_layout; }
  const TimelineIndex& index() const { return m_index; }
  QString rowLabel(int row) const;

  void setSelectedJobs(std::span<const JobId> jobs);
  const std::unordered_set<JobId>& selectedJobs() const { return m_selected; }
  // Scrolls vertically (and in time, unless following) to the job's first
  // segment.
  void revealJob(JobId job);

  QRect plotRect() const;
  // Widget-coordinate rectangle of a segment's bar; empty when not shown.
  QRect segmentRect(std::size_t segment) const;
  std::optional<std::size_t> segmentAt(QPoint pos) const;
  std::optional<JobId> jobAt(QPoint pos) const;
  QString toolTipAt(QPoint pos) const;
  QSize sizeHint() const override { return {900, 500}; }

 Q_SIGNALS:
  void jobSelected(hetsched::JobId job);
  // Double-click on a bar: open the job's story.
  void jobActivated(hetsched::JobId job);
  void followNowChanged(bool follow);

 protected:
  bool event(QEvent* event) override;
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

 private:
  void relayout();
  void updateJobTeamColours();
  void updateScrollRange();
  void applyFollow();
  void stopFollowing();
  void clickAt(QPoint pos);
  QRect barRect(std::size_t segment, int row) const;
  // The bar's vertical extent within its row: a queue sub-lane, a device's
  // stripe in a folded node's row, or the row's middle.
  std::pair<int, int> barSpan(std::size_t segment, const TimelineLayout::Row& row, int rowTop) const;
  double xOf(std::int64_t t) const;
  double timeAt(double x) const;
  QColor colorOf(std::size_t segment) const;
  void paintAxis(QPainter& painter, const QRect& plot) const;
  void paintRow(QPainter& painter, const QRect& plot, int row, std::vector<QRect>& selected) const;
  void paintLabel(QPainter& painter, int row, int y) const;
  const TimelineJob* jobOf(std::size_t segment) const;

  std::shared_ptr<const JobTimeline> m_timeline;
  TimelineLayout m_layout;
  TimelineIndex m_index;
  std::vector<std::uint32_t> m_segmentJob;  // index into m_timeline->jobs
  std::unordered_map<JobId, std::uint32_t> m_jobIndex;
  std::unordered_set<JobId> m_selected;
  ColorBy m_colorBy = ColorBy::JobKind;
  TeamColours m_teamColours;
  std::vector<QRgb> m_jobTeamColour;  // per m_timeline->jobs, so painting does no string work
  bool m_follow = true;
  double m_t0 = 0.0;
  double m_spanMs = 30.0 * 60 * 1000;
  QScrollBar* m_vbar;
  std::optional<QPoint> m_pressPos;
  bool m_dragging = false;
  QPoint m_lastDragPos;
};

}  // namespace hetsched
