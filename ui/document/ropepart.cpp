// SPDX-License-Identifier: MIT
#include "ui/document/ropepart.h"
#include "ui/state/ropeoptions.h"

namespace pe::ui {

QString RopePart::problem() const
{
    if (!curves)
        return {};
    return curves->model ? curves->model->error : curves->error;
}

ViewPartPtr buildRopePart(const PartInputs& in, const PartBefore& before)
{
    auto part = std::make_shared<RopePart>();
    part->spec = in.spec;
    const auto* old = dynamic_cast<const RopePart*>(before.part.get());
    // The curves read the spec's d_model, base and max_len and the view's options only.
    const RopeOptions options = ropeOptionsFrom(in.options);
    if (old && old->curves && !ropeCurvesDiffer(before.inputs.spec, ropeOptionsFrom(before.inputs.options), in.spec, options))
        part->curves = old->curves;
    else
        part->curves = std::make_shared<const RopeCurves>(ropeCurves(in.spec, options, old ? old->curves.get() : nullptr));
    if (!in.wholeCells) // a data export writes the curves' numbers only
        part->scores = ropeScores(in.spec, in.state);
    return part;
}

DataTable ropePartData(const ViewPart& viewPart)
{
    const auto& part = static_cast<const RopePart&>(viewPart);
    if (const std::shared_ptr<const RopeModelCurves>& model = part.curves->model) {
        DataTable table = model->other ? DataTable(ropeComparisonTable(model->comparison)) : DataTable(ropeModelTable(model->model));
        table.columnNames = model->other ? ropeComparisonColumns(model->comparison.pairs) : ropeModelColumns();
        return table;
    }
    return ropeBandTable(part.spec, part.curves->scaling);
}

} // namespace pe::ui
