#pragma once

#include "job_features.h"
#include "task_embedder.h"

namespace hetsched::embed {

// The fitted feature scaling and the trained embedder. Reusing it for later
// maps keeps the input space fixed, so that warm-started maps stay steady;
// a snapshot stores it so that a replay maps jobs as the console did.
struct JobMapModel {
  JobFeatures features;
  TaskEmbedder embedder;
};

}  // namespace hetsched::embed
