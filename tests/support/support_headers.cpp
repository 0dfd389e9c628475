// Every header in this folder compiles on its own, with the libraries its
// users link: a header that leaned on what a test happened to include first
// would break the next test to include it. This is also the compile command
// scripts/lint's clang-tidy borrows for these headers (it takes the command
// of the nearest source, and this is the only source in tests/support).
// Each include is kept: compiling it is the point.
#include "builtin_model.h"  // IWYU pragma: keep
#include "builtin_policy.h"  // IWYU pragma: keep
#include "checked_value.h"  // IWYU pragma: keep
#include "default_cluster_cut.h"  // IWYU pragma: keep
#include "store_test_data.h"  // IWYU pragma: keep
#include "synthetic_cluster.h"  // IWYU pragma: keep
#include "vector_history_frames.h"  // IWYU pragma: keep
