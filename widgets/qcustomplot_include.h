#pragma once

// Include QCustomPlot through this header only (it exports qcustomplot.h's
// names, so include-cleaner asks for it, not for <qcustomplot.h>). qcustomplot.h 2.1 still uses
// Q_FOREACH inside two inline templates (plottableAt/itemAt), which does not
// parse under our QT_NO_FOREACH hygiene. A range-for stand-in, visible only
// while the header is parsed, keeps the hygiene on for our own code.
#if defined(QT_NO_FOREACH) && !defined(foreach)
// NOLINTNEXTLINE(bugprone-macro-parentheses): a declaration cannot be parenthesised
#define foreach(declaration, container) for (declaration : container)
#include <qcustomplot.h>  // IWYU pragma: export
#undef foreach
#else
#include <qcustomplot.h>  // IWYU pragma: export
#endif
