#pragma once

#include "base/model/embedded_point.h"
#include "base/model/job.h"
#include "team_colours.h"

#include <QWidget>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <vector>

class QButtonGroup;
class QComboBox;
class QCustomPlot;
class QCPCurve;
class QCPGraph;
class QCPItemRect;
class QCPItemText;
class QLabel;
class QProgressBar;
class QPushButton;
class QToolButton;

namespace hetsched {

// The job map: one point per job where the embedding (t-SNE) engine put it,
// coloured by job kind, device kind, the engine's cluster or team, with a
// legend.
// Dragging selects the points in a rectangle, or in a free-hand lasso with
// Shift held or the lasso mode on. A progress row shows a computation that
// runs elsewhere and offers to cancel it; the map never computes anything.
class EmbeddingMapView : public QWidget {
  Q_OBJECT
 public:
  enum class ColorBy { JobKind, DeviceKind, Cluster, Team };
  enum class SelectionMode { Rectangle, Lasso };

  explicit EmbeddingMapView(QWidget* parent = nullptr);

  void setPoints(std::vector<EmbeddedPoint> points);
  const std::vector<EmbeddedPoint>& points() const { return m_points; }
  void setColorBy(ColorBy colorBy);
  ColorBy colorBy() const { return m_colorBy; }
  void setSelectionMode(SelectionMode mode);
  // percent < 0: nothing running (the progress row hides); 0-100: running.
  void setProgress(int percent, const QString& text);

  // The jobs behind the points, for the tooltips and the selection summary;
  // nowMs is the cluster's clock (waits of jobs still waiting run to it).
  void setJobs(std::shared_ptr<const std::vector<Job>> jobs, std::int64_t nowMs);
  // The job under a point in plot() coordinates, if one is within reach.
  std::optional<JobId> jobAt(QPointF plotPos) const;
  QString toolTipFor(JobId job) const;
  // The teams' colours (the heatmap's and the timeline's), for ColorBy::Team.
  void setTeamColours(TeamColours colours);
  // "173 jobs selected · …", or empty without a selection.
  QString selectionSummary() const;

  // Narrows the map to these jobs (sorted ids), as a filter does: the others'
  // points are not drawn, picked or selected; the axes stay, so the map does
  // not move. Nothing: every job.
  void setShownJobs(std::optional<std::vector<JobId>> jobs);
  // The points drawn: all of them, or those a filter lets through.
  const std::vector<EmbeddedPoint>& shownPoints() const { return m_shownPoints; }

  void setSelectedJobs(std::span<const JobId> jobs);
  const std::unordered_set<JobId>& selectedJobs() const { return m_selected; }
  // Select as a finished drag would, in embedding coordinates; emit
  // jobsSelected.
  void selectInRect(const QRectF& rect);
  void selectInPolygon(const QPolygonF& polygon);

  // Where a point in embedding coordinates is drawn, in plot() coordinates.
  QPointF pixelOf(double x, double y) const;
  void replotNow();
  QCustomPlot* plot() const { return m_plot; }
  QProgressBar* progressBar() const { return m_progress; }
  QPushButton* cancelButton() const { return m_cancel; }
  QToolButton* relayoutButton() const { return m_relayout; }
  QLabel* statusLabel() const { return m_status; }
  bool showsEmptyState() const;

 Q_SIGNALS:
  void jobsSelected(const std::vector<hetsched::JobId>& jobs);
  // A click on a point: open that job's story.
  void jobActivated(hetsched::JobId job);
  void cancelRequested();
  // The user asks for a fresh layout of every job (a refresh otherwise keeps
  // the jobs shown in place).
  void relayoutRequested();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  void applyPalette();
  void rebuildGraphs();
  void updateSelectionGraph();
  void finishDrag(bool lasso);
  QPointF toData(QPointF pixel) const;
  void applySelection(std::vector<JobId> jobs);
  void updateSummary();

  std::vector<EmbeddedPoint> m_points;
  std::optional<std::vector<JobId>> m_shownJobs;
  std::vector<EmbeddedPoint> m_shownPoints;
  std::unordered_set<JobId> m_selected;
  ColorBy m_colorBy = ColorBy::JobKind;
  TeamColours m_teamColours;
  SelectionMode m_mode = SelectionMode::Rectangle;
  QString m_emptyText;

  QComboBox* m_colorBox;
  QButtonGroup* m_modeButtons;
  QCustomPlot* m_plot;
  QCPGraph* m_selectionGraph = nullptr;
  QCPItemRect* m_rubberBand;
  QCPCurve* m_lasso;
  QCPItemText* m_emptyLabel;
  QProgressBar* m_progress;
  QPushButton* m_cancel;
  QToolButton* m_relayout;
  QLabel* m_status;
  QLabel* m_summary;
  std::shared_ptr<const std::vector<Job>> m_jobs;
  std::unordered_map<JobId, std::size_t> m_jobIndex;
  std::int64_t m_nowMs = 0;

  bool m_dragging = false;
  bool m_dragLasso = false;
  QPointF m_dragStart;  // data coordinates
  QPolygonF m_dragPath; // data coordinates
};

}  // namespace hetsched
