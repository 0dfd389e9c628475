#include "submit_job_dialog.h"

#include "base/model/job.h"
#include "theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <cstdint>

namespace hetsched {

namespace {

QSpinBox* spin(int max, int value, const QString& suffix) {
  auto* box = new QSpinBox;
  box->setRange(0, max);
  box->setValue(value);
  box->setSuffix(suffix);
  return box;
}

}  // namespace

SubmitJobDialog::SubmitJobDialog(QWidget* parent)
    : QDialog(parent),
      m_name(new QLineEdit(QStringLiteral("console-job"))),
      m_kind(new QComboBox),
      m_priority(new QComboBox),
      m_qos(new QComboBox),
      m_cpu(spin(1024000, 4000, tr(" milli-CPU"))),
      m_memory(spin(16 << 20, 8192, tr(" MiB"))),
      m_gpus(spin(64, 1, tr(" GPUs"))),
      m_gpuMilli(spin(1000, 0, tr(" ‰ of a GPU"))),
      m_tpus(spin(64, 1, tr(" TPUs"))),
      m_runtime(new QDoubleSpinBox),
      m_interruptible(new QCheckBox(tr("May be preempted"))),
      m_error(new QLabel) {
  setWindowTitle(tr("Submit job"));
  m_kind->addItem(tr("Training (→ GPU)"), static_cast<int>(JobKind::Training));
  m_kind->addItem(tr("Inference (→ TPU)"), static_cast<int>(JobKind::Inference));
  m_kind->addItem(tr("Service (→ CPU)"), static_cast<int>(JobKind::Service));
  m_kind->addItem(tr("Batch (→ CPU)"), static_cast<int>(JobKind::Batch));
  m_kind->addItem(tr("Real-time (→ CPU)"), static_cast<int>(JobKind::Realtime));
  m_priority->addItem(tr("High — real-time"), static_cast<int>(PriorityClass::High));
  m_priority->addItem(tr("Middle — periodic control"), static_cast<int>(PriorityClass::Middle));
  m_priority->addItem(tr("Low — logging, background"), static_cast<int>(PriorityClass::Low));
  m_priority->setCurrentIndex(1);
  m_qos->addItem(tr("Latency-sensitive (LS)"), static_cast<int>(Qos::LatencySensitive));
  m_qos->addItem(tr("Best effort (BE)"), static_cast<int>(Qos::BestEffort));
  m_qos->addItem(tr("Burstable"), static_cast<int>(Qos::Burstable));
  m_qos->addItem(tr("Guaranteed"), static_cast<int>(Qos::Guaranteed));
  m_qos->setCurrentIndex(2);
  m_runtime->setRange(0, 365.0 * 86400);
  m_runtime->setValue(600);
  m_runtime->setSuffix(tr(" s"));
  m_gpuMilli->setToolTip(tr("A share of one GPU instead of whole GPUs (1000 = one GPU)"));
  m_error->setWordWrap(true);
  showAsError(m_error);
  m_error->hide();

  auto* form = new QFormLayout;
  form->addRow(tr("Name"), m_name);
  form->addRow(tr("Kind"), m_kind);
  form->addRow(tr("Priority class"), m_priority);
  form->addRow(tr("QoS"), m_qos);
  form->addRow(tr("CPU"), m_cpu);
  form->addRow(tr("Memory"), m_memory);
  form->addRow(tr("Whole GPUs"), m_gpus);
  form->addRow(tr("GPU share"), m_gpuMilli);
  form->addRow(tr("TPUs"), m_tpus);
  form->addRow(tr("Estimated runtime"), m_runtime);
  form->addRow(QString(), m_interruptible);

  // Parented at once: a default button set before it belongs to the dialog
  // is forgotten when the dialog shows, and Enter pressed Cancel instead.
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
  QPushButton* submit = buttons->addButton(tr("Submit"), QDialogButtonBox::AcceptRole);
  submit->setDefault(true);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(submit, &QPushButton::clicked, this, [this] {
    m_error->hide();
    Q_EMIT submitRequested(spec());
  });
  connect(m_kind, &QComboBox::currentIndexChanged, this, &SubmitJobDialog::updateRequestFields);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(m_error);
  layout->addWidget(buttons);
  updateRequestFields();
}

// Only the accelerator the job's kind is routed to is asked for.
void SubmitJobDialog::updateRequestFields() {
  const auto kind = static_cast<JobKind>(m_kind->currentData().toInt());
  const bool gpu = kind == JobKind::Training;
  m_gpus->setEnabled(gpu);
  m_gpuMilli->setEnabled(gpu);
  m_tpus->setEnabled(kind == JobKind::Inference);
}

JobSpec SubmitJobDialog::spec() const {
  JobSpec s;
  s.name = m_name->text().trimmed().toStdString();
  s.kind = static_cast<JobKind>(m_kind->currentData().toInt());
  s.priority = static_cast<PriorityClass>(m_priority->currentData().toInt());
  s.qos = static_cast<Qos>(m_qos->currentData().toInt());
  s.requests.cpuMilli = static_cast<std::uint32_t>(m_cpu->value());
  s.requests.memoryMib = static_cast<std::uint64_t>(m_memory->value());
  if (m_gpus->isEnabled()) {
    s.requests.gpuMilli = static_cast<std::uint32_t>(m_gpuMilli->value());
    s.requests.gpuCount = s.requests.gpuMilli > 0 ? 0 : static_cast<std::uint32_t>(m_gpus->value());
  }
  if (m_tpus->isEnabled()) s.requests.tpuCount = static_cast<std::uint32_t>(m_tpus->value());
  s.estimatedRuntimeS = m_runtime->value();
  s.interruptible = m_interruptible->isChecked();
  return s;
}

void SubmitJobDialog::showError(const QString& message) {
  m_error->setText(tr("The gateway refused the job: %1").arg(message));
  m_error->show();
}

}  // namespace hetsched
