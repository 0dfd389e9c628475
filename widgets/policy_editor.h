#pragma once

#include "policy.pb.h"
#include "engine/sched/job_validation.h"

#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSlider;
class QSpinBox;
class QTableWidget;

namespace hetsched {

class PolicyForm;

// The "Policies" tab: the form and the JSON of one policy kept in step both
// ways, the engine's validation errors beside their fields and in a list,
// files and built-ins, and the difference from a base policy — the policy
// in force once the gateway reports it (setBasePolicy), until then one the
// operator picks.
class PolicyEditor : public QWidget {
  Q_OBJECT
 public:
  explicit PolicyEditor(QWidget* parent = nullptr);

  void setPolicy(const v1::Policy& policy);
  // As if the operator had picked `policy` here (a sweep's point): it stays
  // when the policy in force changes, and its difference from the base is
  // shown.
  void loadPolicy(const v1::Policy& policy);
  v1::Policy policy() const { return m_policy; }
  // Empty when the current policy is valid. JSON that does not parse gives
  // one error on the field "json".
  const std::vector<FieldError>& errors() const { return m_errors; }
  void setBasePolicy(const v1::Policy& policy, const QString& origin);
  const v1::Policy& basePolicy() const { return m_base; }
  int canaryPercent() const;
  // True once the operator changed the policy here (form, JSON, a built-in
  // or a file); setPolicy() from outside leaves it as it was.
  bool touched() const { return m_touched; }
  // Non-empty: Push… is off, the reason its tooltip (replay, no gateway).
  void setPushBlocked(const QString& reason);
  QPushButton* pushButton() const { return m_push; }

  PolicyForm* form() const { return m_form; }
  QPlainTextEdit* jsonEdit() const { return m_json; }
  QListWidget* errorList() const { return m_errorList; }
  QTableWidget* diffTable() const { return m_diff; }

  bool loadFile(const QString& path, QString* error);
  bool saveFile(const QString& path, QString* error) const;

 Q_SIGNALS:
  void policyChanged();
  // setBasePolicy(): the policy compared with is another one now.
  void basePolicyChanged();
  void canaryPercentChanged(int percent);
  // The operator asked to push the current (valid) policy to the cluster.
  void pushRequested(const hetsched::v1::Policy& policy, int canaryPercent);

 private:
  void onFormEdited();
  void onJsonEdited();
  void refresh(bool updateJson, bool updateForm);
  void refreshDiff();
  void chooseBuiltin(int index);
  void openFile();
  void saveAs();
  void chooseBase();

  PolicyForm* m_form;
  QPlainTextEdit* m_json;
  QListWidget* m_errorList;
  QTableWidget* m_diff;
  QComboBox* m_builtins;
  QLabel* m_baseLabel;
  QSpinBox* m_canary;
  QSlider* m_canarySlider = nullptr;
  QPushButton* m_push;
  QLabel* m_about;
  v1::Policy m_policy;
  v1::Policy m_base;
  std::vector<FieldError> m_errors;
  bool m_syncing = false;
  bool m_touched = false;
};

}  // namespace hetsched
