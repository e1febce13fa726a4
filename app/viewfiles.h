// SPDX-License-Identifier: MIT
#pragma once

#include "app/commandline.h"

namespace pe::app {

// What a command-line start or export reads from the files a view's options name (the methods'
// T5 biases: ui::viewDataReader), where the window's controllers are not there to read them.

/// Reads what `view` takes from a file its options in `state` name (ui::viewDataReader: the
/// methods' T5 biases) into `data`, completing its options from the file (T5's buckets). With
/// `before` (its options before the command line), a file they named already is not read. The
/// message when the file cannot be used (naming the session when the session named it), else
/// empty; nothing to read is no error.
QString readViewData(const LaunchOptions& options, ui::View view, ui::ViewState& state, const QVariantMap* before = nullptr,
                     ui::ViewDataPtr* data = nullptr);
/// readViewData for each view whose options the command line gave, but `except`, each over its
/// options before the command line (a bad --t5-biases is told whatever view is exported or
/// shown; a session's file gone is not a reason to refuse another view); the first message.
QString readGivenViewData(const LaunchOptions& options, ui::ViewState& state, std::optional<ui::View> except = std::nullopt);

/// What the window starts from (windowStartState: the options used last, the command line's
/// over them), completed from the files the command line names (T5's buckets); the message when
/// such a file cannot be used. The window's controllers read the files again.
std::variant<ui::ViewState, QString> windowStartReadingFiles(const LaunchOptions& options,
                                                             const QMap<QString, QVariantMap>& rememberedViewOptions);

} // namespace pe::app
