#pragma once

// VERIFY_HAS_VALUE(opt): fail the current test function, naming `opt`, when
// the optional is empty; after it, *opt and opt-> are safe.
//
// Why not QVERIFY(opt): QTest::qVerify returns a bool that says nothing about
// `opt` to clang-tidy's bugprone-unchecked-optional-access, so every later
// `opt->` is flagged. And QCOMPARE(call()->field, x) with no check at all
// dereferences an empty optional when a regression empties it: undefined
// behaviour that crashes the whole executable instead of failing one test
// function with a message. This macro is a branch the analysis sees and a
// clean failure.
#include <QTest>  // IWYU pragma: keep (QTest::qFail, used by the macro)

#define VERIFY_HAS_VALUE(opt)                             \
  do {                                                    \
    if (!(opt).has_value()) {                             \
      QTest::qFail(#opt " is empty", __FILE__, __LINE__); \
      return;                                             \
    }                                                     \
  } while (false)
