#pragma once

#include "base/model/frame.h"
#include "policy_service.pb.h"

#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace hetsched {

// The policy in force on the gateway, the canary candidate and how each
// arm is doing live (from the frames' per-arm counters), with Promote and
// Roll back. It only shows and asks; PolicyPages makes the calls.
class LivePolicyPanel : public QWidget {
  Q_OBJECT
 public:
  explicit LivePolicyPanel(QWidget* parent = nullptr);

  void setState(const v1::GetPolicyResponse& state);
  void setHistory(const v1::ListPolicyHistoryResponse& history);
  void setArms(const std::vector<ArmSummary>& arms);
  // No gateway, or one that refuses policies: shown instead of the state.
  void setUnavailable(const QString& reason);
  // Non-empty: Promote, Roll back and Refresh are off with this tooltip
  // (replay); empty: they follow the state again.
  void setActionsBlocked(const QString& reason);
  // The last call's error (empty clears it).
  void setError(const QString& message);

  QTableWidget* armsTable() const { return m_arms; }
  QPushButton* promoteButton() const { return m_promote; }
  QPushButton* rollbackButton() const { return m_rollback; }
  QComboBox* rollbackTarget() const { return m_target; }
  QString stateText() const;

 Q_SIGNALS:
  void promoteRequested();
  void rollbackRequested(quint64 toVersion);
  void refreshRequested();

 private:
  QLabel* m_active;
  QLabel* m_candidate;
  QLabel* m_error;
  QTableWidget* m_arms;
  QPushButton* m_promote;
  QComboBox* m_target;
  QPushButton* m_rollback;
  QPushButton* m_refresh;
  bool m_hasCandidate = false;
  quint64 m_activeVersion = 0;
  QString m_blocked;
};

}  // namespace hetsched
