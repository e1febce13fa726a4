// SPDX-License-Identifier: MIT
#include "ui/plotting/cellcolormap.h"

#include "core/simd.h"

#include "ui/plotting/plotitems.h"
#include "ui/state/twohalves.h"

#include <QPaintEngine>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cmath>
#include <cstring>

namespace pe::ui {

namespace {

/// Runs work(first, end) over lines 0 … count − 1: in two halves on two threads when the map is
/// large. Copying and colouring the heatmap's cells were a quarter of a slider step in F5 at
/// 1920 × 1080 and 1 M × 4096, on the GUI thread while the frame's threads wait for the next
/// step (docs/performance.md, stop 54).
template <typename Work>
void overLines(int count, qint64 cells, Work work)
{
    constexpr qint64 fewestCellsToShare = 1 << 18; // below, starting a thread costs more than it saves
    if (cells < fewestCellsToShare || count < 2) {
        work(0, count);
        return;
    }
    inTwoHalves(count, [&](qint64 first, qint64 end) { work(int(first), int(end)); });
}

} // namespace

CellData::CellData() : QCPColorMapData(2, 2, QCPRange(0, 1), QCPRange(0, 1)) {}

CellData::~CellData()
{
    unshare(); // the base's destructor deletes mData
}

void CellData::unshare()
{
    if (!m_shared)
        return;
    mData = nullptr;
    m_storage = nullptr;
    m_capacity = 0;
    m_shared.reset();
}

void CellData::clear()
{
    unshare();
    QCPColorMapData::clear();
    m_rows = m_columns = 0;
}

void CellData::share(std::shared_ptr<const core::RowMatrix> cells, const QCPRange& keyRange, const QCPRange& valueRange)
{
    if (!cells || cells->rows() < 2 || cells->cols() < 2) { // empty, or doubled into a copy
        assign(cells ? *cells : core::RowMatrix(), keyRange, valueRange);
        return;
    }
    unshare();
    if (mData != m_storage) // setSize() replaced the array: ours to free
        m_storage = mData;
    delete[] m_storage; // not kept beside a shared matrix: megabytes at a large map
    m_storage = nullptr;
    m_capacity = 0;
    clearAlpha();
    m_shared = std::move(cells);
    m_rows = static_cast<int>(m_shared->rows());
    m_columns = static_cast<int>(m_shared->cols());
    // QCustomPlot's type is not const; nothing writes through it (clear() and setSize() would
    // free it, and CellData's own clear() lets go first).
    mData = const_cast<double*>(m_shared->data());
    mKeySize = m_columns;
    mValueSize = m_rows;
    mKeyRange = keyRange;
    mValueRange = valueRange;
    mIsEmpty = false;
    mDataBounds = QCPRange(0, 0);
    mDataModified = true;
}

void CellData::assign(const core::RowMatrix& cells, const QCPRange& keyRange, const QCPRange& valueRange)
{
    unshare();
    const auto rows = static_cast<int>(cells.rows()), columns = static_cast<int>(cells.cols());
    m_rows = rows;
    m_columns = columns;
    if (rows == 0 || columns == 0) {
        clear();
        return;
    }
    const int keys = std::max(columns, 2), values = std::max(rows, 2);
    const std::size_t size = static_cast<std::size_t>(keys) * values;
    if (mData != m_storage) { // setSize() replaced the array: it holds exactly its cells
        m_storage = mData;
        m_capacity = static_cast<std::size_t>(mKeySize) * mValueSize;
    }
    if (size > m_capacity || !mData) {
        delete[] mData; // QCPColorMapData frees mData with delete[] too
        mData = m_storage = new double[size];
        m_capacity = size;
    }
    clearAlpha();
    mKeySize = keys;
    mValueSize = values;
    mKeyRange = keyRange;
    mValueRange = valueRange;
    mIsEmpty = false;
    // The bounds of each run of lines, kept apart until both are done. Plain comparisons, which
    // pass over NaN as std::minmax_element did, without its branches.
    std::array<std::pair<double, double>, 2> bounds;
    bounds.fill({cells(0, 0), cells(0, 0)});
    overLines(values, qint64(keys) * values, [&](int first, int end) {
        double lowest = cells(0, 0), highest = lowest;
        for (int v = first; v < end; ++v) {
            const double* source = cells.data() + static_cast<std::ptrdiff_t>(std::min(v, rows - 1)) * columns;
            double* target = mData + static_cast<std::ptrdiff_t>(v) * keys;
            std::memcpy(target, source, sizeof(double) * columns);
            if (keys > columns)
                target[1] = target[0];
            for (int c = 0; c < columns; ++c) {
                lowest = source[c] < lowest ? source[c] : lowest;
                highest = source[c] > highest ? source[c] : highest;
            }
        }
        bounds[first == 0 ? 0 : 1] = {lowest, highest};
    });
    mDataBounds = QCPRange(std::min(bounds[0].first, bounds[1].first), std::max(bounds[0].second, bounds[1].second));
    mDataModified = true;
}

CellColorMap::CellColorMap(QCPAxis* keyAxis, QCPAxis* valueAxis) : QCPColorMap(keyAxis, valueAxis)
{
    setData(new CellData, false); // takes ownership
}

CellColorMap::~CellColorMap()
{
    // QCPColorMap deletes its data through a QCPColorMapData*, whose destructor is not virtual:
    // delete ours as what it is and leave the base a plain one to delete.
    delete cells();
    mMapData = new QCPColorMapData(1, 1, QCPRange(0, 1), QCPRange(0, 1));
}

CellData* CellColorMap::cells() const
{
    return static_cast<CellData*>(mMapData);
}

void CellColorMap::releaseCells()
{
    cells()->clear(); // deletes the array (or lets go of the shared matrix); assign() allocates anew
    mMapImage = QImage();
    mMapImageInvalidated = true;
}

bool CellColorMap::canUseCellImage() const
{
    return mKeyAxis && mValueAxis && keyAxis()->orientation() == Qt::Horizontal && !mMapData->isEmpty()
        && !mGradient.periodic() && mDataRange.size() > 0
        && (mDataScaleType == QCPAxis::stLinear || mDataRange.lower > 0); // a log scale from above 0
}

void CellColorMap::updateLookupTable()
{
    const bool logarithmic = mDataScaleType == QCPAxis::stLogarithmic;
    if (!m_lookup.empty() && m_lookupGradient == mGradient && m_lookupRange == mDataRange && m_lookupLogarithmic == logarithmic)
        return;
    m_lookupGradient = mGradient;
    m_lookupRange = mDataRange;
    m_lookupLogarithmic = logarithmic;
    // The colour of level i is what QCPColorGradient::colorize gives a value in that level;
    // asking at the level's middle avoids rounding into the level below.
    const int levels = std::max(mGradient.levelCount(), 2);
    m_lookup.resize(levels);
    if (logarithmic) { // the levels evenly spread over the logarithm of the values
        const double step = std::log(mDataRange.upper / mDataRange.lower) / (levels - 1);
        for (int i = 0; i < levels; ++i)
            m_lookup[i] = m_lookupGradient.color(mDataRange.lower * std::exp((i + 0.5) * step), mDataRange, true);
        return;
    }
    const double step = mDataRange.size() / (levels - 1);
    for (int i = 0; i < levels; ++i)
        m_lookup[i] = m_lookupGradient.color(mDataRange.lower + (i + 0.5) * step, mDataRange);
}

void CellColorMap::updateMapImage()
{
    if (!canUseCellImage()) {
        QCPColorMap::updateMapImage();
        return;
    }
    updateLookupTable();
    const int keys = mMapData->keySize(), values = mMapData->valueSize();
    if (mMapImage.size() != QSize(keys, values) || mMapImage.depth() != 32)
        mMapImage = QImage(keys, values, QImage::Format_ARGB32_Premultiplied);
    // Made for the axes' current orientation, so drawing needs no mirrored copy of it.
    m_imageMirrorX = keyAxis()->rangeReversed();
    m_imageMirrorY = valueAxis()->rangeReversed();
    // On a log scale the levels are looked up by each value's logarithm: 0 and below get the
    // first colour (log 0 = −∞), a negative value none (its log is NaN, drawn transparent).
    const bool logarithmic = m_lookupLogarithmic;
    const double lower = logarithmic ? std::log(mDataRange.lower) : mDataRange.lower;
    const double span = logarithmic ? std::log(mDataRange.upper / mDataRange.lower) : mDataRange.size();
    const double toLevel = (static_cast<double>(m_lookup.size()) - 1) / span;
    const int lastLevel = static_cast<int>(m_lookup.size()) - 1;
    static_assert(sizeof(QRgb) == sizeof(std::uint32_t));
    // NaN is drawn transparent.
    const core::simd::LevelLookup lookup{lower, toLevel, lastLevel, m_lookup.data()};
    const CellData* data = cells();
    // Opaque cells go into an image without alpha when no cell is NaN: Qt then copies it onto
    // the plot's buffer rather than blending every pixel.
    if (mMapImage.format() != QImage::Format_ARGB32_Premultiplied)
        mMapImage.reinterpretAsFormat(QImage::Format_ARGB32_Premultiplied);
    uchar* const pixels = mMapImage.bits(); // detached here, once: the threads write its lines
    const qsizetype bytesPerLine = mMapImage.bytesPerLine();
    const bool mirrorX = m_imageMirrorX, mirrorY = m_imageMirrorY;
    std::atomic<bool> anyTransparent = false;
    overLines(values, qint64(keys) * values, [&](int first, int end) {
        std::vector<double> line(mirrorX || logarithmic ? keys : 0);
        std::uint32_t all = ~0u;
        for (int y = first; y < end; ++y) {
            const int v = mirrorY ? y : values - 1 - y; // QImage counts lines from the top
            const double* source = data->mData + static_cast<std::ptrdiff_t>(v) * keys;
            if (mirrorX) {
                std::reverse_copy(source, source + keys, line.begin());
                source = line.data();
            }
            if (logarithmic) {
                std::transform(source, source + keys, line.begin(), [](double x) { return std::log(x); });
                source = line.data();
            }
            all &= core::simd::lookUpLevels(lookup, source, reinterpret_cast<std::uint32_t*>(pixels + y * bytesPerLine), keys);
        }
        if ((all >> 24) != 0xffu)
            anyTransparent.store(true, std::memory_order_relaxed);
    });
    if (!anyTransparent.load())
        mMapImage.reinterpretAsFormat(QImage::Format_RGB32);
    cells()->mDataModified = false;
    mMapImageInvalidated = false;
}

QImage CellColorMap::blockImage(const QSizeF& target) const
{
    // SVG renderers scale an embedded image as they like: librsvg (rsvg-convert, pandoc) and
    // Inkscape ignore image-rendering and interpolate, smearing every cell boundary into
    // colours that are not in the data. Each cell as a block of whole pixels, at least
    // `oversample` of them per unit of the figure, leaves them nothing to smear but the last
    // pixel of a block, even when zoomed in that much.
    constexpr double oversample = 4.0;
    constexpr qint64 mostPixels = 4096LL * 4096; // bounds the file (blocks compress well)
    const QSize cells = mMapImage.size();
    if (cells.isEmpty())
        return mMapImage;
    int fx = std::max(1, int(std::ceil(oversample * target.width() / cells.width())));
    int fy = std::max(1, int(std::ceil(oversample * target.height() / cells.height())));
    while ((fx > 1 || fy > 1) && qint64(cells.width()) * fx * cells.height() * fy > mostPixels) {
        fx = std::max(1, fx - 1);
        fy = std::max(1, fy - 1);
    }
    if (fx == 1 && fy == 1)
        return mMapImage;
    return mMapImage.scaled(cells.width() * fx, cells.height() * fy, Qt::IgnoreAspectRatio, Qt::FastTransformation);
}

void CellColorMap::draw(QCPPainter* painter)
{
    if (!canUseCellImage()) {
        QCPColorMap::draw(painter);
        return;
    }
    if (cells()->mDataModified || mMapImageInvalidated || m_imageMirrorX != keyAxis()->rangeReversed()
        || m_imageMirrorY != valueAxis()->rangeReversed())
        updateMapImage();
    // Cells are centred on the data range; extend by half a cell so the image covers whole cells.
    QRectF target = QRectF(coordsToPixels(mMapData->keyRange().lower, mMapData->valueRange().lower),
                           coordsToPixels(mMapData->keyRange().upper, mMapData->valueRange().upper)).normalized();
    const int keys = mMapData->keySize(), values = mMapData->valueSize();
    const double halfWidth = keys > 1 ? 0.5 * target.width() / (keys - 1) : 0;
    const double halfHeight = values > 1 ? 0.5 * target.height() / (values - 1) : 0;
    target.adjust(-halfWidth, -halfHeight, halfWidth, halfHeight);

    painter->save();
    // Off, whatever drew before: an antialiased QCPPainter shifts a raster drawing by half a
    // layout pixel, which moved the map off the device pixels the views asked bins for (at
    // 300 dpi 1.56 pixels: 579 bins drawn over 578 pixels, sampled, at 89 × 70 mm).
    painter->setAntialiasing(false);
    painter->setRenderHint(QPainter::SmoothPixmapTransform, false);
    if (painter->modes().testFlag(QCPPainter::pmVectorized))
        painter->setRenderHint(QPainter::LosslessImageRendering, true); // PDF: Flate, not JPEG
    if (painter->device() && painter->device()->paintEngine()
        && painter->device()->paintEngine()->type() == QPaintEngine::SVG) {
        painter->drawImage(target, blockImage(target.size()));
    } else if (const QTransform toDevice = painter->deviceTransform();
               !painter->modes().testFlag(QCPPainter::pmVectorized) && toDevice.type() <= QTransform::TxScale) {
        // Edges on whole device pixels: a map with one cell per pixel (the views ask for as
        // many bins as the pixels between these edges) is then copied pixel for pixel, where a
        // fractional edge would shift every cell against the pixel grid and sample them.
        const QRectF device = toDevice.mapRect(target);
        const QRectF snapped(QPointF(std::round(device.left()), std::round(device.top())),
                             QPointF(std::round(device.right()), std::round(device.bottom())));
        painter->drawImage(toDevice.inverted().mapRect(snapped), mMapImage);
    } else {
        painter->drawImage(target, mMapImage);
    }
    painter->restore();
}

CellColorMap* addCellColorMap(QCPAxisRect* rect)
{
    auto* map = new CellColorMap(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    map->setInterpolate(false);
    map->setTightBoundary(false);
    return map;
}

void setUpImageAxes(QCPAxisRect* rect)
{
    rect->axis(QCPAxis::atLeft)->setRangeReversed(true); // row 0 on top, as an image
    for (QCPAxis::AxisType type : {QCPAxis::atBottom, QCPAxis::atLeft}) {
        rect->axis(type)->setTicker(integerTicker());
        rect->axis(type)->grid()->setVisible(false);
    }
    useTopAxisAsCaption(rect);
    rect->setRangeDrag({});
    rect->setRangeZoom({});
}

} // namespace pe::ui
