// SPDX-License-Identifier: MIT
#include "ui/widgets/tensorpicker.h"

#include "ui/modelfiles/encodingtable.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QInputDialog>
#include <QMessageBox>

#include <algorithm>

namespace pe::ui {

std::optional<QString> askForTensor(QWidget* parent, const QString& path, const QString& title, const QString& question,
                                    const std::function<int(const SafetensorsHeader&)>& likely)
{
    if (QFileInfo(path).suffix().compare(QLatin1String("safetensors"), Qt::CaseInsensitive) != 0)
        return QString();
    // The header only (a few KiB; at most 100 MB by the format's limit): the tables to choose from.
    const auto header = readSafetensorsHeader(path);
    if (const auto* error = std::get_if<QString>(&header)) {
        QMessageBox::warning(parent, title, *error);
        return std::nullopt;
    }
    const SafetensorsHeader& h = std::get<SafetensorsHeader>(header);
    QStringList names, items;
    for (const SafetensorsEntry& e : h.tensors)
        if (isTableTensor(h, e)) {
            names.append(e.name);
            items.append(QCoreApplication::translate("pe::ui::TensorPicker", "%1 — %2 %3").arg(e.name, e.shapeText(), e.dtype));
        }
    if (names.size() <= 1) // one: that one; none: the reader says why, naming the tensors
        return names.value(0);
    const int pick = likely(h);
    const int current = pick >= 0 ? std::max<int>(0, names.indexOf(h.tensors[pick].name)) : 0;
    bool ok = false;
    const QString chosen = QInputDialog::getItem(parent, title, question.arg(QFileInfo(path).fileName()).arg(names.size()),
                                                 items, current, false, &ok);
    if (!ok)
        return std::nullopt;
    return names[items.indexOf(chosen)];
}

} // namespace pe::ui
