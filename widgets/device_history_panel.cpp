#include "device_history_panel.h"

#include "base/history/device_history.h"
#include "base/model/topology.h"
#include "device_history_view.h"
#include "device_text.h"
#include "job_style.h"
#include "metric.h"
#include "theme.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace hetsched {

DeviceHistoryPanel::DeviceHistoryPanel(QWidget* parent)
    : QWidget(parent),
      m_hint(new QLabel(this)),
      m_caption(new QLabel(this)),
      m_error(new QLabel(this)),
      m_add(new QPushButton(tr("&Add to history"), this)),
      m_node(new QPushButton(tr("Whole &node"), this)),
      m_clear(new QPushButton(tr("C&lear"), this)),
      m_view(new DeviceHistoryView(this)) {
  m_hint->setText(
      tr("Select a device on the heatmap to see its utilization, memory, power and temperature over "
         "the recorded history. Add to history keeps it while you select others; Whole node shows "
         "every device of its node."));
  m_hint->setWordWrap(true);
  showAsHint(m_hint);
  showAsHint(m_caption);
  m_caption->setWordWrap(true);
  showAsError(m_error);
  m_error->setWordWrap(true);
  m_error->hide();
  m_add->setToolTip(tr("Keep the selected device in the history while you select others"));
  m_node->setToolTip(tr("Show every device of the selected device's node"));
  m_clear->setToolTip(tr("Show only the selected device"));

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_add);
  buttons->addWidget(m_node);
  buttons->addWidget(m_clear);
  buttons->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(buttons);
  layout->addWidget(m_hint);
  layout->addWidget(m_caption);
  layout->addWidget(m_error);
  layout->addWidget(m_view, 1);

  connect(m_add, &QPushButton::clicked, this, &DeviceHistoryPanel::addSelected);
  connect(m_node, &QPushButton::clicked, this, &DeviceHistoryPanel::showNode);
  connect(m_clear, &QPushButton::clicked, this, &DeviceHistoryPanel::clear);
  updateControls();
}

void DeviceHistoryPanel::setTopology(const Topology& topology) {
  setTopology(std::make_shared<const Topology>(topology));
}

void DeviceHistoryPanel::setTopology(std::shared_ptr<const Topology> topology) {
  if (!topology) return;
  // The same shape (a replay of this cluster, a reconnect) keeps the devices
  // chosen: their indexes still name the same slots.
  const bool same =
      topology->devices.size() == m_topology->devices.size() && topology->nodes.size() == m_topology->nodes.size();
  m_topology = std::move(topology);
  if (same) return;
  m_added.clear();
  m_selected.reset();
  m_view->setHistory(nullptr, {}, {});
  changed();
}

void DeviceHistoryPanel::setSelectedDevice(std::optional<int> device) {
  std::optional<std::uint32_t> next;
  if (device && *device >= 0 && static_cast<std::size_t>(*device) < m_topology->devices.size())
    next = static_cast<std::uint32_t>(*device);
  if (next == m_selected) return;
  m_selected = next;
  changed();
}

void DeviceHistoryPanel::addSelected() {
  if (!m_selected || std::ranges::find(m_added, *m_selected) != m_added.end()) return;
  if (m_added.size() >= static_cast<std::size_t>(DeviceHistoryView::kMaxDevices)) return;
  m_added.push_back(*m_selected);
  changed();
}

void DeviceHistoryPanel::showNode() {
  if (!m_selected) return;
  const NodeInfo& node = m_topology->nodes[m_topology->devices[*m_selected].node];
  m_added.clear();
  const std::uint32_t count = std::min<std::uint32_t>(node.deviceCount, DeviceHistoryView::kMaxDevices);
  for (std::uint32_t i = 0; i < count; ++i) m_added.push_back(node.firstDevice + i);
  changed();
}

void DeviceHistoryPanel::clear() {
  if (m_added.empty()) return;
  m_added.clear();
  changed();
}

void DeviceHistoryPanel::setJobNames(JobNames names) { m_view->setJobNames(std::move(names)); }

std::vector<std::uint32_t> DeviceHistoryPanel::devices() const {
  std::vector<std::uint32_t> out = m_added;
  if (m_selected && std::ranges::find(out, *m_selected) == out.end() &&
      out.size() < static_cast<std::size_t>(DeviceHistoryView::kMaxDevices))
    out.push_back(*m_selected);
  return out;
}

QString DeviceHistoryPanel::deviceName(std::uint32_t device) const {
  if (device >= m_topology->devices.size()) return tr("device %1").arg(device);
  const DeviceInfo& d = m_topology->devices[device];
  return tr("%1 · %2 %3")
      .arg(QString::fromStdString(m_topology->nodes[d.node].name), kindName(m_topology->kindOf(device)))
      .arg(d.slot);
}

void DeviceHistoryPanel::setHistory(std::shared_ptr<const DeviceHistory> history) {
  if (!history) return;
  const std::vector<std::uint32_t> shown = devices();
  if (history->devices.size() != shown.size()) return;
  for (std::size_t i = 0; i < shown.size(); ++i)
    if (history->devices[i].device != shown[i]) return;  // an answer to an earlier question
  QStringList names;
  std::vector<double> tdp;
  for (const std::uint32_t device : shown) {
    names << deviceName(device);
    tdp.push_back(device < m_topology->devices.size() ? m_topology->modelOf(device).tdpWatts : 0.0);
  }
  m_error->hide();
  m_caption->setText(history->framesRead == 0
                         ? tr("No frames recorded yet")
                         : tr("%1 frames from %2 to %3, at most %4 points")
                               .arg(QLocale().toString(static_cast<qulonglong>(history->framesRead)),
                                    clockText(history->fromMs), clockText(history->toMs))
                               .arg(history->points));
  m_view->setHistory(std::move(history), names, std::move(tdp));
}

void DeviceHistoryPanel::setFailure(const QString& message) {
  m_error->setText(tr("History unavailable: %1").arg(message));
  m_error->show();
}

QString DeviceHistoryPanel::caption() const { return m_caption->text(); }

void DeviceHistoryPanel::changed() {
  updateControls();
  // Until the answer comes, no legend that names other devices than asked.
  m_view->setHistory(nullptr, {}, {});
  if (!devices().empty()) Q_EMIT historyWanted();
}

void DeviceHistoryPanel::updateControls() {
  const bool any = !devices().empty();
  m_hint->setVisible(!any);
  m_caption->setVisible(any);
  m_add->setEnabled(m_selected && std::ranges::find(m_added, *m_selected) == m_added.end() &&
                    m_added.size() < static_cast<std::size_t>(DeviceHistoryView::kMaxDevices));
  m_node->setEnabled(m_selected.has_value());
  m_clear->setEnabled(!m_added.empty());
}

}  // namespace hetsched
