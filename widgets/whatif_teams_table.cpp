#include "whatif_teams_table.h"

#include "base/model/device_kind.h"
#include "engine/sim/sim_result.h"
#include "usecases/whatif/whatif_run.h"

#include <QCoreApplication>
#include <QStringList>
#include <QTableWidget>
#include <algorithm>
#include <vector>

namespace hetsched {

namespace {

QTableWidgetItem* number(double v, int decimals) {
  auto* item = new QTableWidgetItem(QString::number(v, 'f', decimals));
  item->setData(Qt::UserRole, v);
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

QTableWidgetItem* text(const QString& s) { return new QTableWidgetItem(s); }

bool guaranteed(const WhatifResults& results, DeviceKind kind) {
  return std::ranges::any_of(results.runs, [&](const WhatifOutcome& run) {
    return std::ranges::any_of(run.result.summary.teams,
                               [&](const TeamService& t) { return t.usage[index(kind)].guarantee.has_value(); });
  });
}

}  // namespace

void fillTeamsTable(QTableWidget* table, const WhatifResults& results) {
  // GPUs first: the scarce kind quotas are mostly about.
  std::vector<DeviceKind> kinds{DeviceKind::Gpu};
  if (guaranteed(results, DeviceKind::Cpu)) kinds.push_back(DeviceKind::Cpu);
  if (guaranteed(results, DeviceKind::Tpu)) kinds.push_back(DeviceKind::Tpu);
  QStringList headers{QCoreApplication::translate("WhatifTeamsTable", "Policy"),
                      QCoreApplication::translate("WhatifTeamsTable", "Team"),
                      QCoreApplication::translate("WhatifTeamsTable", "Completed"),
                      QCoreApplication::translate("WhatifTeamsTable", "Wait avg (s)"),
                      QCoreApplication::translate("WhatifTeamsTable", "Share (%)")};
  for (const DeviceKind kind : kinds) {
    if (kind == DeviceKind::Cpu)
      headers << QCoreApplication::translate("WhatifTeamsTable", "CPU cores guaranteed")
              << QCoreApplication::translate("WhatifTeamsTable", "CPU cores avg")
              << QCoreApplication::translate("WhatifTeamsTable", "CPU cores peak")
              << QCoreApplication::translate("WhatifTeamsTable", "Borrowed core-hours");
    else if (kind == DeviceKind::Gpu)
      headers << QCoreApplication::translate("WhatifTeamsTable", "GPUs guaranteed")
              << QCoreApplication::translate("WhatifTeamsTable", "GPUs avg")
              << QCoreApplication::translate("WhatifTeamsTable", "GPUs peak")
              << QCoreApplication::translate("WhatifTeamsTable", "Borrowed GPU-hours");
    else
      headers << QCoreApplication::translate("WhatifTeamsTable", "TPUs guaranteed")
              << QCoreApplication::translate("WhatifTeamsTable", "TPUs avg")
              << QCoreApplication::translate("WhatifTeamsTable", "TPUs peak")
              << QCoreApplication::translate("WhatifTeamsTable", "Borrowed TPU-hours");
  }
  int rows = 0;
  for (const WhatifOutcome& run : results.runs) rows += static_cast<int>(run.result.summary.teams.size());
  table->clearContents();
  table->setColumnCount(static_cast<int>(headers.size()));
  table->setHorizontalHeaderLabels(headers);
  table->setRowCount(rows);
  int row = 0;
  for (const WhatifOutcome& run : results.runs) {
    for (const TeamService& t : run.result.summary.teams) {
      int col = 0;
      table->setItem(row, col++, text(QString::fromStdString(run.policy)));
      table->setItem(row, col++,
                     text(t.name.empty() ? QCoreApplication::translate("WhatifTeamsTable", "(no team)")
                                         : QString::fromStdString(t.name)));
      table->setItem(row, col++, number(static_cast<double>(t.completed), 0));
      table->setItem(row, col++, number(t.waitAvgS, 1));
      table->setItem(row, col++, number(100.0 * t.share, 1));
      for (const DeviceKind kind : kinds) {
        const TeamUsage& u = t.usage[index(kind)];
        // No guarantee: the team is not limited in this kind.
        table->setItem(row, col++,
                       u.guarantee ? number(*u.guarantee, 2)
                                   : text(QCoreApplication::translate("WhatifTeamsTable", "not limited")));
        table->setItem(row, col++, number(u.avg, 2));
        table->setItem(row, col++, number(u.peak, 2));
        table->setItem(row, col++, number(u.borrowedHours, 2));
      }
      ++row;
    }
  }
}

}  // namespace hetsched
