#pragma once

#include "base/model/job.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace hetsched {

// A form for one job. It only builds a JobSpec; the window that owns the
// connection submits it and reports the gateway's answer back through
// showError(), so a refused request keeps everything the operator typed.
class SubmitJobDialog : public QDialog {
  Q_OBJECT
 public:
  explicit SubmitJobDialog(QWidget* parent = nullptr);

  JobSpec spec() const;
  void showError(const QString& message);

 Q_SIGNALS:
  void submitRequested(const hetsched::JobSpec& spec);

 private:
  void updateRequestFields();

  QLineEdit* m_name;
  QComboBox* m_kind;
  QComboBox* m_priority;
  QComboBox* m_qos;
  QSpinBox* m_cpu;
  QSpinBox* m_memory;
  QSpinBox* m_gpus;
  QSpinBox* m_gpuMilli;
  QSpinBox* m_tpus;
  QDoubleSpinBox* m_runtime;
  QCheckBox* m_interruptible;
  QLabel* m_error;
};

}  // namespace hetsched

Q_DECLARE_METATYPE(hetsched::JobSpec)
