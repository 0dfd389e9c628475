#pragma once

#include <QFrame>

#include <memory>
#include <vector>

class QCheckBox;
class QLabel;
class QPushButton;

namespace hetsched {

struct WhatifResults;
class WhatifMetricsModel;

// The Policies tab's live what-if in one compact row: the edited policy's
// key metrics against the baseline (the policy in force) on the chosen
// workload, each with its change, coloured as the What-if tab colours it
// (the same WhatifMetricsModel), then what it ran on and how long it took,
// or why there is nothing to show. It runs nothing itself.
class LiveWhatifStrip : public QFrame {
  Q_OBJECT
 public:
  explicit LiveWhatifStrip(QWidget* parent = nullptr);

  // The metrics shown, in order: whatifMetrics() keys.
  static const std::vector<const char*>& keys();
  // A run is on its way: the numbers shown stay until it lands.
  void setUpdating(const QString& what);
  // runs[2], when there, is the cluster during a canary at `canaryPercent`:
  // each cell's second line.
  void setResults(std::shared_ptr<const WhatifResults> results, double seconds, int canaryPercent = 0);
  // Nothing can run (no workload, an invalid policy): why.
  void setProblem(const QString& text);
  bool live() const;

  WhatifMetricsModel* model() const { return m_model; }
  // A shown metric's value cell and the status line, as displayed.
  QString cellText(const QString& key) const;
  QString statusText() const;

 Q_SIGNALS:
  void liveToggled(bool on);
  void newCutRequested();
  // New results are on screen.
  void shown();
  // The strip came into view (its tab was opened): runs wait for it.
  void becameVisible();

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  void fill();

  QCheckBox* m_live;
  QPushButton* m_newCut;
  std::vector<QLabel*> m_cells;
  QLabel* m_status;
  WhatifMetricsModel* m_model;
};

}  // namespace hetsched
