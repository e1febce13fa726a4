// SPDX-License-Identifier: MIT
#include "ui/state/preferences.h"
#include "ui/export/exportdialog.h"
#include "ui/state/figurelimits.h"

#include "ui/plotting/colormaps.h"
#include "ui/widgets/accessiblenames.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace pe::ui {


ExportDialog::ExportDialog(View view, const QString& suggestedPath, const QString& colormap, QWidget* parent)
    : QDialog(parent), m_shownView(view)
{
    setWindowTitle(tr("Export"));
    setMinimumWidth(fontMetrics().averageCharWidth() * 70); // room for a whole path
    auto* form = new QFormLayout(this);

    m_view = new QComboBox;
    for (const ViewDescription& d : viewCatalog())
        m_view->addItem(viewFigureName(d.view), int(d.view));
    m_view->setCurrentIndex(std::max(0, m_view->findData(int(view))));
    form->addRow(tr("View"), m_view);
    connect(m_view, &QComboBox::currentIndexChanged, this, &ExportDialog::viewChosen);

    m_path = new QLineEdit(suggestedPath);
    m_path->setToolTip(tr(".pdf and .svg: vector figure · .png: image at the chosen DPI · .npy and .csv: the view's data (float64)"));
    auto* browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    form->addRow(tr("File"), pathRow);
    nameControls(tr("File"), {m_path}); // the row's label names its container, not the box

    m_preset = new QComboBox;
    m_preset->addItems({tr("Single column (89 × 70 mm)"), tr("Double column (183 × 100 mm)"),
                        tr("Slide 16:9 (254 × 143 mm, 14 pt)"), tr("Custom size")});
    form->addRow(tr("Figure size"), m_preset);
    m_width = new QDoubleSpinBox;
    m_height = new QDoubleSpinBox;
    for (QDoubleSpinBox* box : {m_width, m_height}) {
        box->setRange(FigureLimits::minMillimetres, FigureLimits::maxMillimetres);
        box->setDecimals(1);
        box->setSuffix(tr(" mm"));
    }
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×")));
    sizeRow->addWidget(m_height);
    form->addRow(tr("Width × height"), sizeRow);
    nameControls(tr("Width (mm)"), {m_width});
    nameControls(tr("Height (mm)"), {m_height});
    m_dpi = new QSpinBox;
    m_dpi->setRange(FigureLimits::minDpi, FigureLimits::maxDpi);
    m_dpi->setValue(300);
    m_dpi->setSuffix(tr(" dpi"));
    m_dpi->setToolTip(tr("Resolution of PNG files; PDF and SVG are vector graphics"));
    form->addRow(tr("PNG resolution"), m_dpi);
    m_font = new QDoubleSpinBox;
    m_font->setRange(FigureLimits::minFontPoints, FigureLimits::maxFontPoints);
    m_font->setDecimals(1);
    m_font->setValue(8);
    m_font->setSuffix(tr(" pt"));
    m_font->setToolTip(tr("Journals ask for 7–9 pt text in the printed figure"));
    form->addRow(tr("Font size"), m_font);

    // What goes into the figure: the window's title has lines a caption usually says, and the
    // band selection is a mark for the window.
    m_title = new QComboBox;
    m_title->addItem(tr("Full (all lines)"), int(FigureTitle::Full));
    m_title->addItem(tr("Short (first line)"), int(FigureTitle::Short));
    m_title->addItem(tr("None (the caption says it)"), int(FigureTitle::None));
    m_title->setCurrentIndex(Preferences::exportTitle());
    form->addRow(tr("Title"), m_title);
    m_marks = new QCheckBox(tr("Include selection marks (the band highlight)"));
    m_marks->setChecked(Preferences::exportSelectionMarks());
    form->addRow(m_marks);
    m_colormap = new QComboBox;
    for (const QString& name : colormapNames())
        m_colormap->addItem(colormapLabel(name), name);
    m_colormap->setCurrentIndex(std::max(0, m_colormap->findData(colormap)));
    m_colormap->setToolTip(tr("For this figure only; the window keeps its colour map"));
    form->addRow(tr("Colour map"), m_colormap);

    m_summary = new QLabel;
    form->addRow(m_summary);
    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("exportError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("QLabel { color: #c62828; }"));
    // Always in the layout, four lines tall: a message (a path and why it cannot be written)
    // wraps into it, and the Export button stays where the user's pointer is.
    m_error->setMinimumHeight(4 * m_error->fontMetrics().lineSpacing());
    m_error->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_error->setMinimumWidth(1); // wraps at the dialog's width instead of widening it
    form->addRow(m_error);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);

    connect(m_preset, &QComboBox::activated, this, &ExportDialog::applyPreset);
    for (QDoubleSpinBox* box : {m_width, m_height})
        connect(box, &QDoubleSpinBox::valueChanged, this, [this] {
            m_preset->setCurrentIndex(3);
            updateSummary();
        });
    connect(m_dpi, &QSpinBox::valueChanged, this, &ExportDialog::updateSummary);
    connect(m_path, &QLineEdit::textChanged, this, &ExportDialog::updateSummary);
    connect(m_path, &QLineEdit::textChanged, this, [this] { showError(QString()); });
    // The size of the last export, whatever its preset was (a custom size keeps its numbers).
    const Preferences::ExportSize last = Preferences::exportSize();
    applyPreset(last.preset);
    if (last.preset == 3 || last.width > 0) {
        const QSignalBlocker w(m_width), h(m_height);
        if (last.width > 0 && last.height > 0) {
            m_width->setValue(last.width);
            m_height->setValue(last.height);
        }
        if (last.dpi > 0)
            m_dpi->setValue(last.dpi);
        if (last.fontPoints > 0)
            m_font->setValue(last.fontPoints);
        m_preset->setCurrentIndex(last.preset);
        updateSummary();
    }
}

void ExportDialog::viewChosen()
{
    // The suggested name follows the view (pe-heatmap.pdf → pe-similarity.pdf); a name the
    // user typed stays as it is.
    const QFileInfo file(path());
    if (file.completeBaseName() == QStringLiteral("pe-") + viewName(m_shownView)) {
        const QString renamed = QStringLiteral("pe-%1.%2").arg(viewName(view()), file.suffix());
        m_path->setText(file.path() == QLatin1String(".") && !m_path->text().contains(QLatin1Char('/'))
                            ? renamed : QDir(file.path()).filePath(renamed));
    }
    m_shownView = view();
}

void ExportDialog::showError(const QString& message)
{
    m_error->setText(message);
    m_error->setToolTip(message);
}

QString ExportDialog::errorText() const { return m_error->text(); }

void ExportDialog::done(int result)
{
    if (result == Accepted && m_check) {
        if (const auto problem = m_check(*this)) {
            showError(*problem);
            return; // stays open with every choice as it was
        }
    }
    if (result == Accepted) {
        Preferences::setExportTitle(m_title->currentIndex());
        Preferences::setExportSelectionMarks(m_marks->isChecked());
        Preferences::setExportFormat(QFileInfo(path()).suffix().toLower());
        Preferences::setExportSize({m_preset->currentIndex(), m_width->value(), m_height->value(), m_dpi->value(), m_font->value()});
    }
    QDialog::done(result);
}

void ExportDialog::browse()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export to"), m_path->text(),
        tr("PDF figure (*.pdf);;SVG figure (*.svg);;PNG image (*.png);;NumPy data (*.npy);;CSV data (*.csv)"),
        nullptr, QFileDialog::DontConfirmOverwrite); // the window asks once, when exporting
    if (!path.isEmpty())
        m_path->setText(path);
}

void ExportDialog::applyPreset(int index)
{
    const FigureSize size = index == 1 ? doubleColumnFigure() : index == 2 ? slideFigure() : singleColumnFigure();
    if (index < 3) {
        const QSignalBlocker w(m_width), h(m_height);
        m_width->setValue(size.millimetres.width());
        m_height->setValue(size.millimetres.height());
        m_font->setValue(size.fontPoints);
        m_dpi->setValue(size.dpi);
        m_preset->setCurrentIndex(index);
    }
    updateSummary();
}

void ExportDialog::updateSummary()
{
    const QString suffix = QFileInfo(path()).suffix().toLower();
    const bool data = suffix == QLatin1String("npy") || suffix == QLatin1String("csv");
    for (QWidget* w : {static_cast<QWidget*>(m_preset), static_cast<QWidget*>(m_width), static_cast<QWidget*>(m_height),
                       static_cast<QWidget*>(m_dpi), static_cast<QWidget*>(m_font), static_cast<QWidget*>(m_title),
                       static_cast<QWidget*>(m_marks)})
        w->setEnabled(!data);
    const QSize png = figureSize().pngPixels();
    m_summary->setText(data ? tr("Data: float64 values of the view, streamed to the file")
                            : tr("PNG: %1 × %2 pixels").arg(png.width()).arg(png.height()));
}

View ExportDialog::view() const { return View(m_view->currentData().toInt()); }
QString ExportDialog::path() const { return m_path->text().trimmed(); }

FigureSize ExportDialog::figureSize() const
{
    FigureSize size;
    size.millimetres = QSizeF(m_width->value(), m_height->value());
    size.dpi = m_dpi->value();
    size.fontPoints = m_font->value();
    size.title = FigureTitle(m_title->currentData().toInt());
    size.selectionMarks = m_marks->isChecked();
    return size;
}

QString ExportDialog::colormap() const { return m_colormap->currentData().toString(); }

} // namespace pe::ui
