#pragma once

#include "policy.pb.h"

#include <QWidget>
#include <memory>
#include <utility>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QStackedWidget;

namespace hetsched {

struct SweepAxis;
struct SweepResults;

class ParetoPlot;
class SweepAxisEditor;
class SweepPolicyList;

// The What-if tab's Sweep: one of the tab's policies over a grid of one or
// two of its numeric parameters (Parameters mode), or a list of ticked
// policies, one point each (Policies mode); every point plotted on two
// chosen metrics with the Pareto front highlighted and joined, and with
// Replicas above 1 each point's 95 % intervals as error bars (the front on
// the medians). Hover shows a point's policy or parameters and metrics; a
// click asks for that point's policy to be loaded into the editor
// (pointChosen). It runs nothing itself: runRequested goes to a SweepRunner
// on a worker thread, results come back through setResults.
class SweepView : public QWidget {
  Q_OBJECT
 public:
  explicit SweepView(QWidget* parent = nullptr);

  enum class Mode { Parameters, Policies };
  void setMode(Mode mode);
  Mode mode() const;
  SweepPolicyList* policyList() const { return m_list; }
  // The gateway's saved policy versions, newest first, for Policies mode.
  void setSavedVersions(const std::vector<std::pair<quint64, v1::Policy>>& versions);
  // Replicas per point; 1: none.
  void setReplicas(int replicas);
  int replicas() const;

  // The policies the sweep may vary: the last is chosen when the list grew,
  // else the one chosen stays if it is still there.
  void setPolicies(const std::vector<v1::Policy>& policies);
  void choosePolicy(int index);
  SweepAxisEditor* axis(int index) const { return index == 0 ? m_first : m_second; }
  void setSecondAxis(bool on);
  // Metric keys (whatifMetrics()), as `hetsched sweep --x --y`.
  bool setMetrics(const QString& xKey, const QString& yKey);
  QString xKey() const;
  QString yKey() const;

  // Same as the Run button: false (and why, in the status) when the inputs
  // are not a sweep.
  bool run();
  void cancel();

  const SweepResults* results() const { return m_results.get(); }
  // Which of the results' points are on the front of the chosen metrics.
  const std::vector<bool>& front() const { return m_front; }
  ParetoPlot* plot() const { return m_plot; }
  // The policy of point `index`: its policy with the point's values.
  v1::Policy pointPolicy(int index) const;
  // What names point `index`: its policy (Policies mode) or its values.
  QString pointName(int index) const;
  // What hovering point `index` shows.
  QString pointText(int index) const;
  QString statusText() const;

 public Q_SLOTS:
  void setProgress(int done, int total);
  void setResults(std::shared_ptr<const hetsched::SweepResults> results);
  void setFailed(const QString& message);
  void setCancelled(int done, int total);

 Q_SIGNALS:
  // Each policy over the grid of `axes` (none: a list of policies), each
  // point also on `replicas` replicas when above 1.
  void runRequested(const std::vector<hetsched::v1::Policy>& policies, const std::vector<hetsched::SweepAxis>& axes,
                    int replicas);
  void cancelRequested();
  // A point was clicked: its policy, and its values in words.
  void pointChosen(const hetsched::v1::Policy& policy, const QString& description);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  // The axes as the inputs stand, or why they are not a sweep (empty).
  std::vector<SweepAxis> axes(QString* why) const;
  // Policies mode: the ticked policies, or why there are none (empty).
  std::vector<v1::Policy> listed(QString* why) const;
  void inputsChanged();
  void fitPages();
  void replot();
  void setRunning(bool running);
  QString valuesText(int index) const;

  QComboBox* m_mode;
  QStackedWidget* m_pages;
  SweepPolicyList* m_list;
  QSpinBox* m_replicas;
  QComboBox* m_policy;
  SweepAxisEditor* m_first;
  QCheckBox* m_secondOn;
  SweepAxisEditor* m_second;
  QComboBox* m_x;
  QComboBox* m_y;
  QPushButton* m_run;
  QPushButton* m_cancel;
  QProgressBar* m_progress;
  QLabel* m_count;
  QLabel* m_status;
  ParetoPlot* m_plot;
  std::vector<v1::Policy> m_policies;
  std::shared_ptr<const SweepResults> m_results;
  std::vector<bool> m_front;
};

}  // namespace hetsched
