#include "live_tuning.h"

#include "live_whatif_runner.h"
#include "policy.pb.h"
#include "usecases/whatif/whatif_source.h"
#include "widgets/live_whatif_strip.h"
#include "widgets/policy_editor.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

namespace hetsched {

namespace {

// What of a policy a run depends on: its description and canary rule do
// not change what the engine does.
std::string runKey(const v1::Policy& policy) {
  v1::Policy p = policy;
  p.clear_description();
  p.clear_canary();
  return p.SerializeAsString();
}

}  // namespace

LiveTuning::LiveTuning(PolicyEditor* editor, LiveWhatifStrip* strip, SourceFn source, QObject* parent)
    : QObject(parent),
      m_editor(editor),
      m_strip(strip),
      m_source(std::move(source)),
      m_runner(new LiveWhatifRunner(this)) {
  connect(m_editor, &PolicyEditor::policyChanged, this, &LiveTuning::update);
  connect(m_editor, &PolicyEditor::basePolicyChanged, this, &LiveTuning::update);
  connect(m_editor, &PolicyEditor::canaryPercentChanged, this, &LiveTuning::update);
  connect(m_strip, &LiveWhatifStrip::becameVisible, this, &LiveTuning::update);
  connect(m_strip, &LiveWhatifStrip::liveToggled, this, [this](bool on) {
    if (on) update();
  });
  connect(m_strip, &LiveWhatifStrip::newCutRequested, this, &LiveTuning::newCut);
  connect(m_runner, &LiveWhatifRunner::finished, m_strip,
          [this](quint64, std::shared_ptr<const WhatifResults> results, double seconds) {
            m_strip->setResults(std::move(results), seconds, m_canaryPercent);
          });
  connect(m_runner, &LiveWhatifRunner::failed, m_strip, [this](quint64, const QString& message) {
    m_strip->setProblem(tr("The live what-if failed: %1").arg(message));
  });
}

bool LiveTuning::sameWorkload(const WhatifSource& a, const WhatifSource& b) {
  if (a.kind != b.kind || a.seed != b.seed) return false;
  switch (a.kind) {
    case WhatifSource::Kind::Synthetic: return a.nodes == b.nodes && a.jobs == b.jobs && a.load == b.load;
    case WhatifSource::Kind::Snapshot:
      return a.path == b.path && a.snapshotId == b.snapshotId && a.fromCut == b.fromCut && a.horizonS == b.horizonS;
    case WhatifSource::Kind::Trace: return a.path == b.path && a.podPath == b.podPath;
    // The cut taken stays while the cluster moves on; only its arrivals
    // window, or a first cut once there is a cluster, makes another.
    case WhatifSource::Kind::Live:
      return a.horizonS == b.horizonS && (a.liveJobs != nullptr) == (b.liveJobs != nullptr);
  }
  return false;
}

void LiveTuning::newCut() {
  m_haveWorkload = false;
  update();
}

void LiveTuning::update() {
  if (!m_strip->live() || !m_strip->isVisible()) return;
  if (!m_editor->errors().empty()) {
    m_strip->setProblem(tr("Fix the problems listed first: the live what-if runs only a policy the engine accepts."));
    m_lastAsked.clear();
    return;
  }
  const WhatifSource now = m_source();
  if (!m_haveWorkload || !sameWorkload(now, m_taken)) {
    m_taken = now;
    m_haveWorkload = true;
    ++m_generation;
  }
  if (m_taken.kind == WhatifSource::Kind::Live && !m_taken.liveJobs) {
    m_strip->setProblem(
        tr("No live cluster to cut yet: the live what-if starts with the first job list, or "
           "choose a workload in the What-if tab."));
    m_lastAsked.clear();
    return;
  }
  const v1::Policy& base = m_editor->basePolicy();
  const v1::Policy candidate = m_editor->policy();
  const int canary = m_editor->canaryPercent();
  std::string asked =
      std::to_string(m_generation) + ' ' + std::to_string(canary) + '\n' + runKey(base) + '\n' + runKey(candidate);
  if (asked == m_lastAsked) return;
  m_lastAsked = std::move(asked);
  m_canaryPercent = canary;
  m_runner->request(m_taken, m_generation, base, candidate, static_cast<std::uint32_t>(canary));
  m_strip->setUpdating(tr("Running %1 against %2 in force…")
                           .arg(QString::fromStdString(candidate.name()), QString::fromStdString(base.name())));
}

}  // namespace hetsched
