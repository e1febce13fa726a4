// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <initializer_list>

class QWidget;

namespace pe::ui {

/// What a screen reader should say for a label's text: without its mnemonic ('&'), rich-text
/// tags and a closing colon ("&Scale:" → "Scale").
QString accessibleText(const QString& labelText);

/// Gives each of `controls` the label's text as its accessible name (issue 50). For controls
/// that a label names together (a slider and its number box) or that have no label of their
/// own: QLabel::setBuddy names one widget only, and a tooltip is a description, not a name.
void nameControls(const QString& labelText, std::initializer_list<QWidget*> controls);

} // namespace pe::ui
