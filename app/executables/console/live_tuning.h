#pragma once

#include "usecases/whatif/whatif_source.h"

#include <QObject>

#include <functional>
#include <string>

namespace hetsched {

class LiveWhatifRunner;
class LiveWhatifStrip;
class PolicyEditor;

// The Policies tab's live what-if, wired: every change of the edited policy
// (a slider, a field, the JSON) asks the runner for a what-if of it against
// the policy in force (the editor's base) on the What-if tab's workload, the
// live cluster's cut by default, and of the cluster during a canary of it at
// the editor's canary share; the strip shows the newest answer.
// The workload is taken once and kept while the operator tunes, since a live
// cluster's cut would otherwise move under the sliders: "New cut" or another
// workload chosen in the What-if tab takes it again. Runs wait until the
// strip is on screen.
class LiveTuning : public QObject {
  Q_OBJECT
 public:
  // The What-if tab's workload as it stands, live data filled in.
  using SourceFn = std::function<WhatifSource()>;

  LiveTuning(PolicyEditor* editor, LiveWhatifStrip* strip, SourceFn source, QObject* parent);

  LiveWhatifRunner* runner() const { return m_runner; }
  // Asks for a what-if of the editor's policy if it changed since the last.
  void update();
  // Takes the workload again, then update().
  void newCut();
  // The workload the runs are on, and its generation (new with each take).
  const WhatifSource& workload() const { return m_taken; }
  quint64 generation() const { return m_generation; }

 private:
  static bool sameWorkload(const WhatifSource& a, const WhatifSource& b);

  PolicyEditor* m_editor;
  LiveWhatifStrip* m_strip;
  SourceFn m_source;
  LiveWhatifRunner* m_runner;
  WhatifSource m_taken;
  bool m_haveWorkload = false;
  quint64 m_generation = 0;
  std::string m_lastAsked;  // workload, canary share, baseline and candidate of the last request
  int m_canaryPercent = 0;  // of the last request
};

}  // namespace hetsched
