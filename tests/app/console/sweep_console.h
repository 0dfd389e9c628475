#pragma once
// The console's What-if pages, headless (PolicyPages with real runners on
// worker threads), for the Sweep tests: tst_sweep_view, tst_sweep_policies.
#include "policy_pages.h"
#include "sweep_runner.h"
#include "usecases/whatif/whatif_source.h"
#include "widgets/pareto_plot.h"
#include "widgets/sweep_view.h"
#include "widgets/whatif_view.h"

#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QVBoxLayout>
#include <cstdint>

namespace hetsched::test {

struct Console {
  QWidget host;
  PolicyPages pages{nullptr, &host};
  WhatifView* view() { return pages.whatif(); }
  SweepView* sweep() { return pages.whatif()->sweepView(); }
};

inline WhatifSource smallSynthetic(std::uint64_t seed) {
  WhatifSource source;
  source.nodes = 12;
  source.jobs = 400;
  source.load = 0.95;
  source.seed = seed;
  return source;
}

// Runs the sweep as the inputs stand and waits for its points.
inline bool sweepAndWait(Console& c) {
  QSignalSpy finished(c.pages.sweepRunner(), &SweepRunner::finished);
  if (!c.sweep()->run()) return false;
  return finished.wait(120000);
}

inline void showSweepTab(Console& c) {
  auto* tabs = qobject_cast<QTabWidget*>(c.sweep()->parentWidget()->parentWidget());
  QVERIFY(tabs);
  tabs->setCurrentWidget(c.sweep());
  // The what-if page alone fills the host window, as in the console's tab.
  c.pages.policiesTab()->hide();
  auto* layout = new QVBoxLayout(&c.host);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(c.view());
  c.host.resize(1400, 850);
  c.host.show();
  QVERIFY(QTest::qWaitForWindowExposed(&c.host));
  // The plot's axes are laid out by a replot at its shown size.
  c.sweep()->plot()->replot();
}

}  // namespace hetsched::test
