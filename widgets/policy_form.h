#pragma once

#include "engine/sched/job_validation.h"
#include "policy.pb.h"

#include <QHash>
#include <QWidget>
#include <array>
#include <google/protobuf/descriptor.h>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QBoxLayout;
class QLineEdit;
class QSlider;
class QSpinBox;
class QTableWidget;

namespace hetsched {

class WeightSliders;

// A form with one editor per field of hetsched.v1.Policy. Enum choices come
// from the proto's descriptors, and every editor's objectName is its field
// path ("placement.virtual_nodes"), the same path validatePolicy names, so
// errors land next to their field and tests can check nothing is missing.
// Spin boxes accept values the engine rejects: the engine, not the widget,
// says what is wrong. Every numeric parameter has a slider beside its field
// (objectName: the path + ".slider"; the weights one per listed weight), so
// an operator can sweep it by hand while the live what-if follows.
class PolicyForm : public QWidget {
  Q_OBJECT
 public:
  explicit PolicyForm(QWidget* parent = nullptr);

  void setPolicy(const v1::Policy& policy);  // emits nothing
  v1::Policy policy() const;
  // Marks each error's field (the first error of a field wins); clears the
  // rest. Indexed paths ("placement.weights[3]") mark the list's editor.
  void showErrors(const std::vector<FieldError>& errors);
  // The editor of a field path, or null.
  QWidget* editorFor(const QString& field) const;
  // The message shown next to a field, empty when none.
  QString errorText(const QString& field) const;
  // The slider beside a numeric parameter's field, or null.
  QSlider* sliderFor(const QString& field) const;
  WeightSliders* weightSliders() const { return m_weightSliders; }

 Q_SIGNALS:
  void edited();

 private:
  void addRow(QFormLayout* form, const QString& label, QWidget* editor, const QString& field);
  QDoubleSpinBox* doubleBox(double max);
  QSpinBox* intBox(int max);
  QComboBox* enumBox(const google::protobuf::EnumDescriptor* descriptor);
  void addRoute(int jobKind, int deviceKind);
  void addSliders();
  void addSlider(const QString& field, QSlider* slider);
  void changed();

  QLineEdit* m_name;
  QSpinBox* m_version;
  QLineEdit* m_description;
  QComboBox* m_queueKind;
  QDoubleSpinBox* m_aging;
  QSpinBox* m_backfill;
  QComboBox* m_placementKind;
  QTableWidget* m_routes;
  QLineEdit* m_weights;
  QSpinBox* m_virtualNodes;
  QDoubleSpinBox* m_priorityFactor;
  QDoubleSpinBox* m_resourceScore;
  QLineEdit* m_externalScorer;
  QLineEdit* m_hybridWeights;        // read-only: which network the policy carries
  std::string m_hybridWeightsText;   // the weights file's text, kept as loaded
  v1::Quotas m_quotas;               // per-team quotas: teams edited in the JSON tab, kept as loaded
  QLineEdit* m_quotaTeams = nullptr;      // read-only: which teams have queues
  QComboBox* m_unlistedTeams = nullptr;   // quotas.unlisted_teams
  QCheckBox* m_fairShare = nullptr;       // quotas.fair_share
  QCheckBox* m_preemptEnabled;
  QDoubleSpinBox* m_restartCost;
  QCheckBox* m_keepProgress;
  QCheckBox* m_migrateEnabled;
  QDoubleSpinBox* m_threshold;
  QDoubleSpinBox* m_migrationCost;
  QSpinBox* m_maxPerEvent;
  QDoubleSpinBox* m_dataGib;
  QDoubleSpinBox* m_dataGibPerGpu;
  QDoubleSpinBox* m_linkGibPerS;
  QDoubleSpinBox* m_predictionWindow;
  QSpinBox* m_maxPerTick;
  QSpinBox* m_historySamples;
  QDoubleSpinBox* m_canarySeconds;
  QSpinBox* m_canaryStarts;
  // slo: target wait per class (High, Middle, Low). A field at its default
  // leaves the policy's target unset.
  std::array<QDoubleSpinBox*, 3> m_sloWait{};
  QHash<QString, QWidget*> m_editors;
  QHash<QString, QLabel*> m_errors;
  QHash<QString, QBoxLayout*> m_lines;  // the field's row, where its slider goes
  QHash<QString, QSlider*> m_sliders;
  WeightSliders* m_weightSliders = nullptr;
  bool m_updating = false;
};

}  // namespace hetsched
