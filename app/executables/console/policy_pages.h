#pragma once

#include "base/model/frame.h"
#include "data/store/snapshot_data.h"
#include "policy.pb.h"
#include "policy_service.pb.h"
#include "usecases/whatif/whatif_source.h"
#include "widgets/canary_progress.h"
#include "widgets/promote_dialog.h"

#include <QObject>
#include <QPointer>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QWidget;

namespace hetsched {

class GatewayControl;
class LivePolicyPanel;
class LiveTuning;
class LiveWhatifStrip;
class PolicyEditor;
class SweepRunner;
class WhatifRunner;
class WhatifView;

// The "Policies" and "What-if" tabs and the runner behind them, wired
// together: the what-if view's requests go to the runner, the editor's
// policy can join a comparison, and a push is confirmed with the diff, the
// canary share and the what-if's prediction before it goes to the gateway,
// whose policy in force, canary arms, promotion and rollback the live panel
// above the editor shows. It reaches a gateway only through the
// GatewayControl it is given: none in replay, where every control that
// would act is off and says why. Apart from the workspace so that tests
// drive the same wiring headless.
class PolicyPages : public QObject {
  Q_OBJECT
 public:
  // Asked before a push or a rollback; true goes ahead. Tests replace it.
  using Confirm = std::function<bool(const QString& title, const QString& richText)>;
  // Asked before a promotion, with both arms and the canary's progress.
  using AskPromote = std::function<PromoteAnswer(const v1::GetPolicyResponse& state,
                                                 const std::vector<ArmSummary>& arms, const CanaryProgress& progress)>;

  // `control` may be null (no gateway); `parent` owns the tabs' widgets.
  PolicyPages(GatewayControl* control, QWidget* parent);

  // The "Policies" tab: the live panel above the editor.
  QWidget* policiesTab() const { return m_policiesTab; }
  PolicyEditor* editor() const { return m_editor; }
  LivePolicyPanel* livePanel() const { return m_live; }
  WhatifView* whatif() const { return m_whatif; }
  WhatifRunner* runner() const { return m_runner; }
  // The live what-if above the editor, and what drives it.
  LiveWhatifStrip* liveStrip() const { return m_strip; }
  LiveTuning* liveTuning() const { return m_tuning; }
  SweepRunner* sweepRunner() const { return m_sweepRunner; }
  GatewayControl* control() const;
  // The gateway's last answer, or null before one.
  std::shared_ptr<const v1::GetPolicyResponse> gatewayState() const { return m_state; }

  // The gateway to act on from now on; null (replay, or none) turns every
  // control that acts on one off with `reason` as its tooltip.
  void setControl(GatewayControl* control, const QString& reason = {});
  // Asks the gateway for its policy again.
  void refresh();
  // Each live frame: the canary arms' counters.
  void setFrame(const Frame& frame);
  // The cluster as the workspace holds it now (its topology and job list):
  // the What-if tab's default workload, cut in memory when a run starts.
  // Null (replay, not connected yet): no live cluster to cut.
  void setLiveCluster(std::shared_ptr<const Topology> topology, std::shared_ptr<const std::vector<Job>> jobs);
  // The What-if tab's workload with the live cluster filled in.
  WhatifSource whatifSource() const;
  // Replay: what the snapshot recorded, read-only.
  void showRecordedPolicy(const SnapshotInfo& info, const PolicyRef& policy);
  void showRecordedArms(const std::vector<ArmSummary>& arms);
  void setConfirm(Confirm confirm) { m_confirm = std::move(confirm); }
  void setAskPromote(AskPromote ask) { m_askPromote = std::move(ask); }

  // Asks, then pushes. Public so the menus can reach them.
  void confirmPush(const v1::Policy& policy, int canaryPercent);
  // Asks with both arms side by side; refuses a canary that has not run its
  // minimum time or starts unless the operator overrides explicitly.
  void confirmPromote();
  void confirmRollback(quint64 toVersion);
  // The what-if view's "Policy in force": the snapshot's, else the gateway's.
  void addPolicyInForce();

 Q_SIGNALS:
  void statusMessage(const QString& text, int timeoutMs);
  // The push could not be made; `reason` is shown to the operator.
  void pushUnavailable(const QString& reason);
  // A promotion was refused before reaching the gateway (canary too young).
  void promoteRefused(const QString& reason);
  // A sweep's point was loaded into the editor: show the Policies tab.
  void policiesTabRequested();
  // The gateway took a push, promotion or rollback.
  void policyChanged(const QString& action, quint64 version);

 private:
  void onState(const QString& action, std::shared_ptr<const v1::GetPolicyResponse> state);
  void onFailed(const QString& action, int code, const QString& message);
  // The first policy in force known becomes the What-if tab's baseline
  // while its list is still empty, so the tab opens one candidate from Run.
  void prefillWhatif();
  quint64 knownVersion() const { return m_state ? m_state->version() : 0; }

  QPointer<GatewayControl> m_control;
  QWidget* m_parent;
  QWidget* m_policiesTab;
  LivePolicyPanel* m_live;
  PolicyEditor* m_editor;
  WhatifView* m_whatif;
  WhatifRunner* m_runner;
  LiveWhatifStrip* m_strip;
  LiveTuning* m_tuning;
  std::shared_ptr<const Topology> m_liveTopology;
  std::shared_ptr<const std::vector<Job>> m_liveJobs;
  SweepRunner* m_sweepRunner;
  std::shared_ptr<const v1::GetPolicyResponse> m_state;
  std::vector<ArmSummary> m_arms;
  std::int64_t m_frameWallMs = 0;
  std::optional<v1::Policy> m_recordedPolicy;  // replay: the snapshot's
  QString m_recordedOrigin;
  bool m_whatifPrefilled = false;  // once: a list the operator emptied stays empty
  Confirm m_confirm;
  AskPromote m_askPromote;
};

}  // namespace hetsched
