// SPDX-License-Identifier: MIT
#include "ui/window/stage.h"
#include "ui/widgets/focusorder.h"

#include "ui/views/plotview.h"
#include "ui/views/viewfactory.h"
#include "ui/widgets/flowlayout.h"

#include <QButtonGroup>
#include <QKeyEvent>
#include <QComboBox>
#include <QStandardItemModel>
#include <QDataStream>
#include <QHBoxLayout>
#include <QIODevice>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace pe::ui {

namespace {
constexpr quint32 stateMagic = 0x50455354; // "PEST"
constexpr quint8 stateVersion = 1;
const QString nothingBeside = QStringLiteral("-");
} // namespace

Stage::Stage(Document* document, QWidget* parent) : QWidget(parent), m_document(document)
{
    setObjectName(QStringLiteral("stage"));
    m_stash = new QWidget(this);
    m_stash->setObjectName(QStringLiteral("offStage"));
    m_stash->hide();
    for (const ViewDescription& d : viewCatalog()) {
        PlotView* view = createView(d.view, document).release();
        view->setParent(m_stash);
        m_views.append(view);
    }

    m_splitter = new QSplitter(Qt::Horizontal);
    m_splitter->setObjectName(QStringLiteral("stageSplitter"));
    m_splitter->setChildrenCollapsible(false); // dragged to nothing, a view was gone without a trace
    for (QScrollArea*& pane : m_panes) {
        // A view taller than its pane (RoPE with its parameters unfolded, at 768 px) scrolls
        // instead of crushing its plot until the texts overlap.
        pane = new QScrollArea;
        pane->setWidgetResizable(true);
        pane->setFrameShape(QFrame::NoFrame);
        pane->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        pane->setMinimumWidth(paneWidth());
        pane->setFocusPolicy(Qt::NoFocus); // Tab goes to the view's controls, not its frame
        m_splitter->addWidget(pane);
    }
    m_panes[0]->setObjectName(QStringLiteral("chosenPane"));
    m_panes[1]->setObjectName(QStringLiteral("companionPane"));
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] {
        const QList<int> sizes = m_splitter->sizes();
        if (sizes.value(1) > 0 && sizes.value(0) + sizes.value(1) > 0)
            m_companionShare = double(sizes.value(1)) / (sizes.value(0) + sizes.value(1));
    });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(createBar());
    layout->addWidget(m_splitter, 1);
    // Explicit, so that the docks beside the stage can never crush it (the layout's own
    // minimum would be two panes' while a companion is shown; it steps aside instead).
    setMinimumWidth(paneWidth());
    place();
}

QWidget* Stage::createBar()
{
    m_bar = new QWidget;
    m_bar->setObjectName(QStringLiteral("stageBar"));
    m_bar->setAccessibleName(tr("Views")); // a screen reader says which group the buttons belong to
    // Wraps onto a second line rather than cutting a name or hiding a view in an overflow menu.
    auto* flow = new FlowLayout(m_bar);
    m_buttons = new QButtonGroup(this);
    m_buttons->setExclusive(true);
    for (const ViewDescription& d : viewCatalog()) {
        auto* button = new QToolButton;
        button->setObjectName(QString::fromLatin1(d.key) + QStringLiteral("StageButton"));
        button->setText(viewTitle(d.view));
        button->setCheckable(true);
        button->setAutoRaise(true);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setToolTip(tr("Put the %1 view on the stage").arg(viewTitle(d.view)));
        m_buttons->addButton(button, int(d.view));
        button->installEventFilter(this); // the arrows move along the bar
        flow->addWidget(button);
    }
    connect(m_buttons, &QButtonGroup::idClicked, this, [this](int id) { choose(View(id)); });

    m_besideLabel = new QLabel(tr("Beside:"));
    m_besideBox = new QComboBox;
    m_besideBox->setObjectName(QStringLiteral("besideBox"));
    m_besideBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_besideBox->addItem(tr("Nothing"), nothingBeside);
    for (const ViewDescription& d : viewCatalog())
        m_besideBox->addItem(viewTitle(d.view), QString::fromLatin1(d.key));
    m_besideBox->setToolTip(tr("The view shown beside the one on the stage, when the window has room for both "
                               "(not while presenting)"));
    m_besideLabel->setBuddy(m_besideBox);
    connect(m_besideBox, &QComboBox::activated, this, [this](int index) {
        setBeside(parseView(m_besideBox->itemData(index).toString()));
    });
    // Label and box as one item: wrapped apart, the label would end one line and name nothing.
    m_besideItem = new QWidget;
    auto* row = new QHBoxLayout(m_besideItem);
    row->setContentsMargins(12, 0, 0, 0);
    row->addWidget(m_besideLabel);
    row->addWidget(m_besideBox);
    flow->addWidget(m_besideItem);
    updateBar();
    return m_bar;
}

PlotView* Stage::view(View view) const
{
    for (PlotView* v : m_views)
        if (v->view() == view)
            return v;
    return nullptr;
}

int Stage::paneWidth() const
{
    // The view keeps its readable width when its pane shows a vertical scroll bar.
    return readableWidth + style()->pixelMetric(QStyle::PM_ScrollBarExtent);
}

QToolButton* Stage::button(View view) const { return qobject_cast<QToolButton*>(m_buttons->button(int(view))); }

std::optional<View> Stage::companion() const
{
    if (m_presenting || !m_beside || *m_beside == m_chosen || !view(*m_beside))
        return std::nullopt;
    if (width() < 2 * paneWidth() + m_splitter->handleWidth())
        return std::nullopt;
    return m_beside;
}

void Stage::choose(View view)
{
    if (!this->view(view))
        return;
    const bool changed = view != m_chosen;
    m_chosen = view;
    place();
    updateBar();
    if (changed)
        emit chosenChanged(view);
}

void Stage::setBeside(std::optional<View> view)
{
    m_beside = view;
    place();
    updateBar();
}

void Stage::setPresenting(bool on, double scale)
{
    m_presenting = on;
    QFont font = QWidget::font();
    font.setPointSizeF(QFont().pointSizeF() * scale);
    m_bar->setFont(font);
    // Nothing stands beside the view while presenting: the box would offer what cannot be.
    m_besideItem->setVisible(!on);
    if (m_presentingControls)
        m_presentingControls->setVisible(on);
    place();
}

void Stage::setPresentingControls(QWidget* controls)
{
    m_presentingControls = controls;
    // On a line of its own under the names of the views, whatever room the last line has.
    m_bar->layout()->addWidget(controls);
    controls->setMinimumWidth(std::min(controls->minimumSizeHint().width(), paneWidth()));
    controls->setVisible(m_presenting);
}

void Stage::reset()
{
    m_beside = views::heatmap;
    m_companionShare = defaultCompanionShare;
    choose(views::heatmap); // places the views and updates the bar
}

void Stage::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (companion() != m_placedCompanion)
        place(); // room for a companion came or went (a dock dragged, the window resized)
}

void Stage::place()
{
    const std::optional<View> beside = companion();
    m_placedCompanion = beside;
    PlotView* wanted[2] = {view(m_chosen), beside ? view(*beside) : nullptr};
    // First out of the panes whatever does not belong there now, into the hidden stash (the
    // document stops computing their parts); then the wanted views in.
    for (int p = 0; p < 2; ++p)
        if (m_panes[p]->widget() != wanted[p])
            if (QWidget* leaving = m_panes[p]->takeWidget())
                leaving->setParent(m_stash);
    for (int p = 0; p < 2; ++p)
        if (wanted[p] && m_panes[p]->widget() != wanted[p]) {
            m_panes[p]->setWidget(wanted[p]);
            wanted[p]->show();
        }
    m_panes[1]->setVisible(beside.has_value());
    if (beside) {
        // Proportions: the splitter may not have its width yet, and it scales them to what it has.
        const int second = int(1000 * m_companionShare);
        m_splitter->setSizes({1000 - second, second});
    }
    emit placed();
}

QList<QList<QWidget*>> Stage::focusRegions() const
{
    QList<QList<QWidget*>> regions;
    QList<QWidget*> bar;
    if (QAbstractButton* chosen = m_buttons->button(int(m_chosen)))
        bar.append(chosen);
    bar += tabStopsIn(m_presenting ? m_presentingControls : m_besideItem);
    regions.append(bar);
    for (const std::optional<View>& shown : {std::optional<View>(m_chosen), m_placedCompanion}) {
        PlotView* v = shown ? view(*shown) : nullptr;
        if (!v)
            continue;
        QList<QWidget*> controls = tabStopsIn(v);
        controls.removeAll(v->plot());
        regions.append(controls);
        regions.append({v->plot()});
    }
    return regions;
}

bool Stage::eventFilter(QObject* watched, QEvent* event)
{
    auto* button = qobject_cast<QAbstractButton*>(watched);
    if (event->type() != QEvent::KeyPress || !button || button->group() != m_buttons)
        return QWidget::eventFilter(watched, event);
    const auto* key = static_cast<QKeyEvent*>(event);
    if (key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
        return QWidget::eventFilter(watched, event); // the window's shortcuts
    const QList<QAbstractButton*> buttons = m_buttons->buttons();
    const auto at = buttons.indexOf(button);
    qsizetype to = -1;
    switch (key->key()) {
    case Qt::Key_Left:
    case Qt::Key_Up: to = (at + buttons.size() - 1) % buttons.size(); break;
    case Qt::Key_Right:
    case Qt::Key_Down: to = (at + 1) % buttons.size(); break;
    case Qt::Key_Home: to = 0; break;
    case Qt::Key_End: to = buttons.size() - 1; break;
    default: return QWidget::eventFilter(watched, event);
    }
    choose(View(m_buttons->id(buttons[to])));
    buttons[to]->setFocus(Qt::TabFocusReason);
    return true;
}

void Stage::updateBar()
{
    if (QAbstractButton* b = m_buttons->button(int(m_chosen)))
        b->setChecked(true);
    // One tab stop for the whole bar, the chosen view's button (a click still focuses any).
    for (QAbstractButton* b : m_buttons->buttons())
        b->setFocusPolicy(b->isChecked() ? Qt::StrongFocus : Qt::ClickFocus);
    const QSignalBlocker blocker(m_besideBox);
    // The view on the stage cannot stand beside itself: its entry is greyed, and while the
    // remembered companion is that view the box says what the stage shows, nothing beside
    // (choosing another view brings the companion back).
    if (auto* model = qobject_cast<QStandardItemModel*>(m_besideBox->model()))
        for (int i = 0; i < m_besideBox->count(); ++i)
            if (QStandardItem* item = model->item(i))
                item->setEnabled(m_besideBox->itemData(i).toString() != viewName(m_chosen));
    const bool besideItself = m_beside && *m_beside == m_chosen;
    m_besideBox->setCurrentIndex(m_besideBox->findData(m_beside && !besideItself ? viewName(*m_beside) : nothingBeside));
}

QByteArray Stage::saveState() const
{
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    out << stateMagic << stateVersion << viewName(m_chosen) << (m_beside ? viewName(*m_beside) : nothingBeside)
        << m_companionShare;
    return bytes;
}

bool Stage::restoreState(const QByteArray& state)
{
    QDataStream in(state);
    quint32 magic = 0;
    quint8 version = 0;
    QString chosen, beside;
    double share = 0;
    in >> magic >> version >> chosen >> beside >> share;
    if (in.status() != QDataStream::Ok || magic != stateMagic || version != stateVersion)
        return false;
    const std::optional<View> chosenView = parseView(chosen);
    const std::optional<View> besideView = parseView(beside);
    if (!chosenView || (beside != nothingBeside && !besideView) || !(share >= 0.1 && share <= 0.9))
        return false; // a view no longer in the catalogue, a share nobody could drag to
    m_beside = besideView;
    m_companionShare = share;
    choose(*chosenView); // places the views and updates the bar
    return true;
}

} // namespace pe::ui
