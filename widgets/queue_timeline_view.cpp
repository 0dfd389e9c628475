#include "queue_timeline_view.h"

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/job_timeline.h"
#include "base/model/topology.h"
#include "device_text.h"
#include "team_colours.h"

#include <QScrollBar>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <unordered_set>
#include <utility>
#include <vector>

namespace hetsched {

namespace {
constexpr int kLabelWidth = 180;
constexpr int kAxisHeight = 24;
constexpr double kMinSpanMs = 2000.0;
constexpr double kMaxSpanMs = 60.0 * 24 * 3600 * 1000;
// Following leaves a tenth of the view for the near future, where bars of
// running jobs will grow.
constexpr double kFollowLead = 0.1;
}  // namespace

QueueTimelineView::QueueTimelineView(QWidget* parent)
    : QWidget(parent), m_timeline(std::make_shared<const JobTimeline>()), m_vbar(new QScrollBar(Qt::Vertical, this)) {
  setMouseTracking(true);
  setFocusPolicy(Qt::StrongFocus);
  setAttribute(Qt::WA_OpaquePaintEvent);
  setMinimumSize(400, 160);
  connect(m_vbar, &QScrollBar::valueChanged, this, qOverload<>(&QWidget::update));
  m_layout.rebuild(Topology{});
  m_index.rebuild(*m_timeline, m_layout);
}

QueueTimelineView::~QueueTimelineView() = default;

void QueueTimelineView::setTopology(const Topology& topology) {
  setTopology(std::make_shared<const Topology>(topology));
}

void QueueTimelineView::setTopology(std::shared_ptr<const Topology> topology) {
  if (!topology) return;
  // Big clusters open with nodes collapsed: a screenful of summary rows says
  // more than the first few nodes' devices.
  const bool collapsed = topology->devices.size() > 64;
  m_layout.rebuild(std::move(topology), collapsed);
  relayout();
}

void QueueTimelineView::setTimeline(JobTimeline timeline) {
  m_timeline = std::make_shared<const JobTimeline>(std::move(timeline));
  const JobTimeline& t = *m_timeline;
  m_jobIndex.clear();
  m_jobIndex.reserve(t.jobs.size());
  for (std::size_t i = 0; i < t.jobs.size(); ++i) m_jobIndex.emplace(t.jobs[i].id, static_cast<std::uint32_t>(i));
  m_segmentJob.resize(t.segments.size());
  for (std::size_t i = 0; i < t.segments.size(); ++i) {
    const auto it = m_jobIndex.find(t.segments[i].job);
    m_segmentJob[i] = it == m_jobIndex.end() ? UINT32_MAX : it->second;
  }
  updateJobTeamColours();
  m_index.rebuild(t, m_layout);
  applyFollow();
  update();
}

void QueueTimelineView::setColorBy(ColorBy colorBy) {
  m_colorBy = colorBy;
  update();
}

void QueueTimelineView::setTeamColours(TeamColours colours) {
  if (colours == m_teamColours) return;
  m_teamColours = std::move(colours);
  updateJobTeamColours();
  update();
}

void QueueTimelineView::updateJobTeamColours() {
  const std::vector<TimelineJob>& jobs = m_timeline->jobs;
  m_jobTeamColour.resize(jobs.size());
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const int team = m_teamColours.indexOf(jobs[i].team);
    m_jobTeamColour[i] =
        team < 0 ? QColor(Qt::gray).rgb() : m_teamColours.colours[static_cast<std::size_t>(team)].rgb();
  }
}

void QueueTimelineView::setFollowNow(bool follow) {
  if (follow == m_follow) return;
  m_follow = follow;
  applyFollow();
  update();
  Q_EMIT followNowChanged(m_follow);
}

void QueueTimelineView::applyFollow() {
  if (m_follow) m_t0 = static_cast<double>(m_timeline->nowMs) - (1.0 - kFollowLead) * m_spanMs;
}

void QueueTimelineView::stopFollowing() {
  if (m_follow) setFollowNow(false);
}

void QueueTimelineView::setVisibleRange(std::int64_t startMs, std::int64_t endMs) {
  if (endMs <= startMs) return;
  m_spanMs = std::clamp(static_cast<double>(endMs - startMs), kMinSpanMs, kMaxSpanMs);
  m_t0 = static_cast<double>(startMs);
  stopFollowing();
  update();
}

std::int64_t QueueTimelineView::visibleStartMs() const { return std::llround(m_t0); }
std::int64_t QueueTimelineView::visibleEndMs() const { return std::llround(m_t0 + m_spanMs); }

void QueueTimelineView::zoomBy(double factor, std::optional<int> anchorX) {
  if (factor <= 0) return;
  const QRect plot = plotRect();
  const double x = anchorX.value_or(plot.center().x());
  const double anchor = timeAt(x);
  const double span = std::clamp(m_spanMs / factor, kMinSpanMs, kMaxSpanMs);
  m_t0 = anchor - (x - plot.left()) * span / std::max(plot.width(), 1);
  m_spanMs = span;
  applyFollow();  // zooming while following keeps following
  update();
}

void QueueTimelineView::panByPixels(int dx, int dy) {
  if (dx != 0) {
    stopFollowing();
    m_t0 -= dx * m_spanMs / std::max(plotRect().width(), 1);
  }
  if (dy != 0) m_vbar->setValue(m_vbar->value() - dy);
  update();
}

void QueueTimelineView::setNodeCollapsed(std::uint32_t node, bool collapsed) {
  m_layout.setNodeCollapsed(node, collapsed);
  relayout();
}

void QueueTimelineView::setKindCollapsed(DeviceKind kind, bool collapsed) {
  m_layout.setKindCollapsed(kind, collapsed);
  relayout();
}

void QueueTimelineView::setAllNodesCollapsed(bool collapsed) {
  m_layout.setAllNodesCollapsed(collapsed);
  relayout();
}

void QueueTimelineView::relayout() {
  m_index.refile(m_layout);
  updateScrollRange();
  update();
}

void QueueTimelineView::updateScrollRange() {
  const QRect plot = plotRect();
  m_vbar->setGeometry(width() - m_vbar->sizeHint().width(), kAxisHeight, m_vbar->sizeHint().width(),
                      height() - kAxisHeight);
  m_vbar->setPageStep(std::max(plot.height(), 1));
  m_vbar->setSingleStep(TimelineLayout::kRowHeight);
  m_vbar->setRange(0, std::max(0, m_layout.totalHeight() - plot.height()));
}

QString QueueTimelineView::rowLabel(int row) const {
  const auto& rows = m_layout.rows();
  if (row < 0 || static_cast<std::size_t>(row) >= rows.size()) return {};
  const TimelineLayout::Row& r = rows[static_cast<std::size_t>(row)];
  const Topology& topology = m_layout.topology();
  const QChar arrow(r.collapsed ? 0x25B8 : 0x25BE);  // ▸ collapsed, ▾ open
  switch (r.type) {
    case TimelineLayout::RowType::Queue: return tr("Queue (waiting)");
    case TimelineLayout::RowType::Kind: {
      const auto nodes = std::ranges::count_if(topology.nodes, [&](const NodeInfo& n) { return n.kind == r.kind; });
      return tr("%1 %2 · %n node(s)", nullptr, static_cast<int>(nodes)).arg(arrow, kindName(r.kind));
    }
    case TimelineLayout::RowType::Node: {
      const NodeInfo& node = topology.nodes[static_cast<std::size_t>(r.node)];
      return tr("%1 %2 (%3)").arg(arrow, QString::fromStdString(node.name)).arg(node.deviceCount);
    }
    case TimelineLayout::RowType::Device:
      return tr("slot %1").arg(topology.devices[static_cast<std::size_t>(r.device)].slot);
  }
  return {};
}

void QueueTimelineView::setSelectedJobs(std::span<const JobId> jobs) {
  m_selected = std::unordered_set<JobId>(jobs.begin(), jobs.end());
  update();
}

void QueueTimelineView::revealJob(JobId job) {
  const auto& segments = m_timeline->segments;
  const auto it = std::ranges::find_if(
      segments, [&](const TimelineSegment& s) { return s.job == job && s.kind != SegmentKind::Waiting; });
  const auto any = it != segments.end() ? it : std::ranges::find(segments, job, &TimelineSegment::job);
  if (any == segments.end()) return;
  const int row = m_layout.rowOfDevice(any->device);
  if (row < 0) return;
  const TimelineLayout::Row& r = m_layout.rows()[static_cast<std::size_t>(row)];
  const int viewTop = m_vbar->value();
  if (r.top < viewTop || r.top + r.height > viewTop + plotRect().height())
    m_vbar->setValue(r.top - plotRect().height() / 3);
  const auto seg = static_cast<std::size_t>(any - segments.begin());
  if (!m_follow && (m_index.endOf(seg) < m_t0 || m_index.startOf(seg) > m_t0 + m_spanMs))
    m_t0 = static_cast<double>(m_index.startOf(seg)) - 0.25 * m_spanMs;
  update();
}

QRect QueueTimelineView::plotRect() const {
  const int right = width() - (m_vbar ? m_vbar->sizeHint().width() : 0);
  return QRect(QPoint(kLabelWidth, kAxisHeight), QPoint(right - 1, height() - 1));
}

double QueueTimelineView::xOf(std::int64_t t) const {
  const QRect plot = plotRect();
  return plot.left() + (static_cast<double>(t) - m_t0) * plot.width() / m_spanMs;
}

double QueueTimelineView::timeAt(double x) const {
  const QRect plot = plotRect();
  return m_t0 + (x - plot.left()) * m_spanMs / std::max(plot.width(), 1);
}

const TimelineJob* QueueTimelineView::jobOf(std::size_t segment) const {
  if (segment >= m_segmentJob.size() || m_segmentJob[segment] == UINT32_MAX) return nullptr;
  return &m_timeline->jobs[m_segmentJob[segment]];
}

QRect QueueTimelineView::barRect(std::size_t segment, int row) const {
  const QRect plot = plotRect();
  const TimelineLayout::Row& r = m_layout.rows()[static_cast<std::size_t>(row)];
  const int x0 = static_cast<int>(std::floor(xOf(m_index.startOf(segment))));
  const int x1 = static_cast<int>(std::ceil(xOf(m_index.endOf(segment))));
  const auto [y, h] = barSpan(segment, r, plot.top() + r.top - m_vbar->value());
  return QRect(x0, y, std::max(1, x1 - x0), h);
}

std::pair<int, int> QueueTimelineView::barSpan(std::size_t segment, const TimelineLayout::Row& r, int rowTop) const {
  if (r.type == TimelineLayout::RowType::Queue) {
    const int lane = m_index.queueLaneOf(segment);
    return {rowTop + 1 + lane * TimelineLayout::kQueueLaneHeight, TimelineLayout::kQueueLaneHeight - 1};
  }
  if (r.type == TimelineLayout::RowType::Node && r.collapsed) {
    // One thin stripe per device: a folded node still shows which of its
    // devices are busy, instead of bars piling on each other.
    const Topology& topology = m_layout.topology();
    const auto device = static_cast<std::size_t>(m_timeline->segments[segment].device);
    const int count = std::max<int>(1, static_cast<int>(topology.nodes[static_cast<std::size_t>(r.node)].deviceCount));
    const int slot = static_cast<int>(topology.devices[device].slot);
    const int inner = r.height - 4;
    const int top = rowTop + 2 + slot * inner / count;
    const int bottom = rowTop + 2 + (slot + 1) * inner / count;
    return {top, std::max(1, bottom - top - (inner / count >= 4 ? 1 : 0))};
  }
  return {rowTop + 3, r.height - 6};
}

QRect QueueTimelineView::segmentRect(std::size_t segment) const {
  if (segment >= m_index.segmentCount()) return {};
  const int row = m_layout.rowOfDevice(m_timeline->segments[segment].device);
  if (row < 0) return {};
  const QRect bar = barRect(segment, row).intersected(plotRect());
  return bar;
}

std::optional<std::size_t> QueueTimelineView::segmentAt(QPoint pos) const {
  const QRect plot = plotRect();
  if (!plot.contains(pos)) return std::nullopt;
  const int row = m_layout.rowAt(pos.y() - plot.top() + m_vbar->value());
  if (row < 0) return std::nullopt;
  // Two pixels of slack so hairline bars of a zoomed-out view can be hit.
  const double slack = 2.0 * m_spanMs / std::max(plot.width(), 1);
  const double t = timeAt(pos.x());
  std::optional<std::size_t> hit;
  m_index.visit(row, static_cast<std::int64_t>(std::floor(t - slack)), static_cast<std::int64_t>(std::ceil(t + slack)),
                [&](std::uint32_t s) {
                  if (barRect(s, row).adjusted(-2, 0, 2, 0).contains(pos)) hit = s;  // last drawn is on top
                });
  return hit;
}

std::optional<JobId> QueueTimelineView::jobAt(QPoint pos) const {
  const auto segment = segmentAt(pos);
  if (!segment) return std::nullopt;
  return m_timeline->segments[*segment].job;
}

void QueueTimelineView::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  updateScrollRange();
}

}  // namespace hetsched
