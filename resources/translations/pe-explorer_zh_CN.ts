<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Colormaps</name>
    <message>
        <source>Diverging (blue–white–red)</source>
        <translation>发散（蓝–白–红）</translation>
    </message>
    <message>
        <source>Grayscale</source>
        <translation>灰度</translation>
    </message>
    <message>
        <source>Viridis</source>
        <translation>Viridis</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Change d_model</source>
        <translation>更改 d_model</translation>
    </message>
    <message>
        <source>Change max_len</source>
        <translation>更改 max_len</translation>
    </message>
    <message>
        <source>Change base</source>
        <translation>更改 base</translation>
    </message>
    <message>
        <source>Change layout</source>
        <translation>更改布局</translation>
    </message>
    <message>
        <source>Change frequencies</source>
        <translation>更改频率</translation>
    </message>
    <message>
        <source>Change first position</source>
        <translation>更改起始位置</translation>
    </message>
    <message>
        <source>Select position</source>
        <translation>选择位置</translation>
    </message>
    <message>
        <source>Select dimension</source>
        <translation>选择维度</translation>
    </message>
    <message>
        <source>Change offset</source>
        <translation>更改偏移</translation>
    </message>
    <message>
        <source>Toggle cosine similarity</source>
        <translation>切换余弦相似度</translation>
    </message>
    <message>
        <source>Change colormap</source>
        <translation>更改颜色映射</translation>
    </message>
    <message>
        <source>Change wave dimensions</source>
        <translation>更改波形维度</translation>
    </message>
    <message>
        <source>Select band</source>
        <translation>选择频带</translation>
    </message>
    <message>
        <source>Select cell</source>
        <translation>选择单元格</translation>
    </message>
    <message>
        <source>Change compared convention</source>
        <translation>更改对比的约定</translation>
    </message>
    <message>
        <source>Change precision</source>
        <translation>更改精度</translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation>恢复默认值</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>Choose library preset</source>
        <translation>选择库预设</translation>
    </message>
    <message>
        <source>Change the table&apos;s colour scale</source>
        <translation>更改位置表的颜色范围</translation>
    </message>
    <message>
        <source>Size the sinusoid like the table</source>
        <translation>让正弦编码取表格的尺寸</translation>
    </message>
    <message>
        <source>Change a view&apos;s options</source>
        <translation>更改视图的选项</translation>
    </message>
</context>
<context>
    <name>pe::ui</name>
    <message>
        <source>a grid of %1 × %2 has %3 patches; the grid view shows at most %4 (48 × 48)</source>
        <translation>%1 × %2 的网格有 %3 个图块;网格视图最多显示 %4 个(48 × 48)</translation>
    </message>
    <message>
        <source>No position table is open: open a vision transformer&apos;s table (File ▸ Open encoding…, Ctrl+O) or pick a 2-D encoding under Source.</source>
        <translation>没有打开位置表:请打开一个视觉 Transformer 的位置表(文件 ▸ 打开编码…,Ctrl+O),或在“来源”中选择一种二维编码。</translation>
    </message>
    <message>
        <source>Table %1</source>
        <translation>表 %1</translation>
    </message>
    <message>
        <source>The table %1 (%2 × %3) is not shown as a grid: %4.</source>
        <translation>表 %1(%2 × %3)无法显示为网格:%4。</translation>
    </message>
    <message>
        <source>%1 dims</source>
        <translation>%1 维</translation>
    </message>
    <message>
        <source>%1&apos;s 2-D sin-cos needs d_model divisible by 4 (a quarter of the dims per axis for the sines, a quarter for the cosines); d_model is %2.</source>
        <translation>%1 的二维 sin-cos 要求 d_model 能被 4 整除(每个轴各用四分之一的维度存正弦、四分之一存余弦);当前 d_model 为 %2。</translation>
    </message>
    <message>
        <source>MAE&apos;s 2-D sin-cos</source>
        <translation>MAE 的二维 sin-cos</translation>
    </message>
    <message>
        <source>DiT&apos;s 2-D sin-cos</source>
        <translation>DiT 的二维 sin-cos</translation>
    </message>
    <message>
        <source>d = %1: columns, then rows; ω_k = 10000^(−k/%2); class token: zeros</source>
        <translation>d = %1:先列后行;ω_k = 10000^(−k/%2);类别标记:全零</translation>
    </message>
    <message>
        <source>d = %1: columns, then rows; ω_k = 10000^(−k/%2); no class token</source>
        <translation>d = %1:先列后行;ω_k = 10000^(−k/%2);无类别标记</translation>
    </message>
    <message>
        <source>Qwen2-VL&apos;s M-RoPE</source>
        <translation>Qwen2-VL 的 M-RoPE</translation>
    </message>
    <message>
        <source>Axial 2-D RoPE</source>
        <translation>轴向二维 RoPE</translation>
    </message>
    <message>
        <source>RoPE-Mixed, as initialised</source>
        <translation>RoPE-Mixed(初始化时)</translation>
    </message>
    <message>
        <source>head dim %1, base 10⁶; pairs: %2 temporal (still across an image), %3 height, %4 width</source>
        <translation>头维度 %1,基数 10⁶;各对:%2 个时间(在一张图像内不转动)、%3 个高度、%4 个宽度</translation>
    </message>
    <message>
        <source>head dim %1, θ = 100 (rope-vit): %2 pairs turn with the column, %2 with the row</source>
        <translation>头维度 %1,θ = 100(rope-vit):%2 对随列转动,%2 对随行转动</translation>
    </message>
    <message>
        <source>head dim %1, θ = 10; head %2&apos;s random direction %3° and %4° (learned from there)</source>
        <translation>头维度 %1,θ = 10;第 %2 个头的随机方向 %3° 和 %4°(训练从此开始)</translation>
    </message>
    <message>
        <source>M-RoPE needs an even head dimension; it is %1.</source>
        <translation>M-RoPE 需要偶数的头维度；当前为 %1。</translation>
    </message>
    <message>
        <source>2-D RoPE needs a head dimension divisible by 4 (a quarter of the dims per axis and direction); it is %1.</source>
        <translation>二维 RoPE 需要能被 4 整除的头维度（每个轴和方向各占四分之一维度）；当前为 %1。</translation>
    </message>
</context>
<context>
    <name>pe::ui::AnimationControls</name>
    <message>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <source>Play or pause the sweep; every view follows (%1)</source>
        <translation>播放或暂停扫描；所有视图随之变化（%1）</translation>
    </message>
    <message>
        <source>&amp;Faster</source>
        <translation>加快(&amp;F)</translation>
    </message>
    <message>
        <source>Double the sweep speed (%1)</source>
        <translation>扫描速度加倍（%1）</translation>
    </message>
    <message>
        <source>&amp;Slower</source>
        <translation>减慢(&amp;S)</translation>
    </message>
    <message>
        <source>Halve the sweep speed (%1)</source>
        <translation>扫描速度减半（%1）</translation>
    </message>
    <message>
        <source>Sweep the &amp;position</source>
        <translation>扫描位置(&amp;P)</translation>
    </message>
    <message>
        <source>Sweep the &amp;offset k</source>
        <translation>扫描偏移 k(&amp;O)</translation>
    </message>
    <message>
        <source>position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>offset k</source>
        <translation>偏移 k</translation>
    </message>
    <message>
        <source>What the sweep moves: the selected position (0 … max_len−1) or the offset k (0 … max_len), looping</source>
        <translation>扫描移动的对象：所选位置（0 … max_len−1）或偏移 k（0 … max_len），循环往复</translation>
    </message>
    <message>
        <source> /s</source>
        <translation> /秒</translation>
    </message>
    <message>
        <source>Sweep speed in positions per second (%1 faster, %2 slower)</source>
        <translation>扫描速度，单位为每秒位置数（%1 加快，%2 减慢）</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>Sweep speed</source>
        <translation>扫描速度</translation>
    </message>
</context>
<context>
    <name>pe::ui::BandsView</name>
    <message>
        <source>λ ≤ max_len
full periods</source>
        <translation>λ ≤ max_len
完整周期</translation>
    </message>
    <message>
        <source>λ ≤ 20·max_len
part of a period</source>
        <translation>λ ≤ 20·max_len
部分周期</translation>
    </message>
    <message>
        <source>λ &gt; 20·max_len
nearly constant</source>
        <translation>λ &gt; 20·max_len
几乎不变</translation>
    </message>
    <message>
        <source>λ ≤ max_len: full periods</source>
        <translation>λ ≤ max_len：完整周期</translation>
    </message>
    <message>
        <source>λ ≤ 20·max_len: part of a period</source>
        <translation>λ ≤ 20·max_len：部分周期</translation>
    </message>
    <message>
        <source>λ &gt; 20·max_len: nearly constant</source>
        <translation>λ &gt; 20·max_len：几乎不变</translation>
    </message>
    <message>
        <source>&lt;b&gt;Frequency bands.&lt;/b&gt; Each (sin, cos) pair turns at its own speed: its wavelength — how many positions one full turn takes — grows by the same factor from pair to pair, a straight line on this log scale from 2π up towards 2π·base. Pairs whose wavelength fits in max_len tell nearby positions apart; the slow ones barely move and tell far-apart regions apart. Triangles: where the angle p·ω, computed in the chosen format, starts to move by less than the format&apos;s step from one position to the next — beyond it p and p+1 can get the same code. Drag across pairs to highlight them in the heatmap; double-click to clear.</source>
        <translation>&lt;b&gt;频带。&lt;/b&gt;每个 (sin, cos) 对以各自的速度旋转：它的波长——旋转一整圈所需的位置数——从一对到下一对按相同的倍数增长，在此对数坐标上是一条从 2π 升向 2π·base 的直线。波长在 max_len 以内的对能区分相邻的位置；慢的对几乎不动，用来区分相距很远的区域。三角形：在所选格式下计算的角度 p·ω 从一个位置到下一个位置的变化开始小于该格式的步长之处——超过这里，p 和 p+1 可能得到相同的编码。在对上拖动可在热力图中突出显示它们；双击清除。</translation>
    </message>
    <message>
        <source>Resolution limit in</source>
        <translation>分辨率极限格式</translation>
    </message>
    <message>
        <source>For each pair, the position from which the angle p·ω computed in this format can no longer tell p from p+1</source>
        <translation>对每一对，从该位置起，以此格式计算的角度 p·ω 再也无法区分 p 与 p+1</translation>
    </message>
    <message>
        <source>Pair index k</source>
        <translation>对索引 k</translation>
    </message>
    <message>
        <source>Wavelength λ (positions per turn)</source>
        <translation>波长 λ（每圈的位置数）</translation>
    </message>
    <message>
        <source>Frequency ω (radians per position)</source>
        <translation>频率 ω（每个位置的弧度）</translation>
    </message>
    <message>
        <source>Frequency bands
d_model %1 · max_len %2 · base %3 · %4 frequencies</source>
        <translation>频带
d_model %1 · max_len %2 · base %3 · %4频率</translation>
    </message>
    <message>
        <source>band: pairs %1–%2</source>
        <translation>频带：第 %1–%2 对</translation>
    </message>
    <message>
        <source>band: pairs %1–%2, highlighted in the heatmap</source>
        <translation>频带：第 %1–%2 对，已在热力图中突出显示</translation>
    </message>
    <message>
        <source>drag across pairs to select a band</source>
        <translation>在对上拖动以选择频带</translation>
    </message>
    <message>
        <source>Wavelength λ (positions)</source>
        <translation>波长 λ（位置数）</translation>
    </message>
    <message>
        <source>Wavelength λ</source>
        <translation>波长 λ</translation>
    </message>
    <message>
        <source>Frequency ω (rad/position)</source>
        <translation>频率 ω（弧度/位置）</translation>
    </message>
    <message>
        <source>Frequency ω</source>
        <translation>频率 ω</translation>
    </message>
    <message>
        <source>2π: the fastest possible pair</source>
        <translation>2π：可能最快的对</translation>
    </message>
    <message>
        <source>2π: fastest pair</source>
        <translation>2π：最快的对</translation>
    </message>
    <message>
        <source>2π·base = %1: no pair is slower</source>
        <translation>2π·base = %1：没有更慢的对</translation>
    </message>
    <message>
        <source>2π·base = %1</source>
        <translation>2π·base = %1</translation>
    </message>
    <message>
        <source>max_len = %1</source>
        <translation>max_len = %1</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>computed in %1 · positions beyond %2 can share an angle with the next · max_len reaches there</source>
        <translation>以 %1 计算 · 超过 %2 的位置可能与下一个位置角度相同 · max_len 已达到该处</translation>
    </message>
    <message>
        <source>computed in %1 · positions beyond %2 can share an angle with the next</source>
        <translation>以 %1 计算 · 超过 %2 的位置可能与下一个位置角度相同</translation>
    </message>
    <message>
        <source>p_F: %1 resolution limit</source>
        <translation>p_F：%1 分辨率极限</translation>
    </message>
    <message>
        <source>columns %1 (sin) and %2 (cos)</source>
        <translation>第 %1 列（sin）和第 %2 列（cos）</translation>
    </message>
    <message>
        <source>column %1 (sin only: the unpaired last sine)</source>
        <translation>第 %1 列（仅 sin：最后一个未配对的正弦）</translation>
    </message>
    <message>
        <source>pair k = %1 · ω = %2 radians per position · λ = %3 positions · %4 · %5</source>
        <translation>第 k = %1 对 · ω = %2 弧度/位置 · λ = %3 个位置 · %4 · %5</translation>
    </message>
    <message>
        <source> · computed in %1: p and p+1 can share an angle from p ≈ %2 on</source>
        <translation> · 以 %1 计算：从 p ≈ %2 起 p 与 p+1 可能角度相同</translation>
    </message>
</context>
<context>
    <name>pe::ui::Checkpoint</name>
    <message>
        <source>%1: cannot be read (%2); %3</source>
        <translation>%1：无法读取（%2）；%3</translation>
    </message>
    <message>
        <source>%1: %2 bytes; allowed: a JSON file of at most 64 MiB</source>
        <translation>%1：%2 字节；允许：最大 64 MiB 的 JSON 文件</translation>
    </message>
    <message>
        <source>%1: not a JSON object (%2 at byte %3)</source>
        <translation>%1：不是 JSON 对象（第 %3 字节处 %2）</translation>
    </message>
    <message>
        <source>%1: %2 is %3; allowed: a whole number from 1</source>
        <translation>%1：%2 为 %3；允许：从 1 起的整数</translation>
    </message>
    <message>
        <source>%1: no %2; the number of heads and the widths are read from it</source>
        <translation>%1：没有 %2；头数和宽度要从中读取</translation>
    </message>
    <message>
        <source>%1: %2 is %3; allowed: 0 to 1</source>
        <translation>%1：%2 为 %3；允许：0 到 1</translation>
    </message>
    <message>
        <source>Llama family</source>
        <translation>Llama 系列</translation>
    </message>
    <message>
        <source>not a JSON object (%1 at byte %2)</source>
        <translation>不是 JSON 对象（第 %2 字节处 %1）</translation>
    </message>
    <message>
        <source>no weight_map { &quot;tensor&quot;: &quot;file.safetensors&quot;, … }</source>
        <translation>没有 weight_map { &quot;tensor&quot;: &quot;file.safetensors&quot;, … }</translation>
    </message>
    <message>
        <source>weight_map names “%1” for tensor “%2”; allowed: a file name beside the index</source>
        <translation>weight_map 为张量“%2”指定了“%1”；允许：与索引同目录的文件名</translation>
    </message>
    <message>
        <source>allowed: a .safetensors file with config.json beside it, or a folder holding model.safetensors or model.safetensors.index.json and config.json</source>
        <translation>允许：旁边有 config.json 的 .safetensors 文件，或包含 model.safetensors 或 model.safetensors.index.json 以及 config.json 的文件夹</translation>
    </message>
    <message>
        <source>%1 does not exist; %2</source>
        <translation>%1 不存在；%2</translation>
    </message>
    <message>
        <source>%1 holds neither %2 nor %3; %4</source>
        <translation>%1 既没有 %2 也没有 %3；%4</translation>
    </message>
    <message>
        <source>%1: cannot be read as a shard index</source>
        <translation>%1：无法作为分片索引读取</translation>
    </message>
    <message>
        <source>%1 names the shard %2, which is not in %3</source>
        <translation>%1 指定的分片 %2 不在 %3 中</translation>
    </message>
    <message>
        <source>%1: cannot be read (%2)</source>
        <translation>%1：无法读取（%2）</translation>
    </message>
    <message>
        <source>%1: not a safetensors file: %2</source>
        <translation>%1：不是 safetensors 文件：%2</translation>
    </message>
    <message>
        <source>%1: no config.json beside it; the number of heads and the norms&apos; epsilon are read from it</source>
        <translation>%1：旁边没有 config.json；头数和归一化的 epsilon 要从中读取</translation>
    </message>
    <message>
        <source>allowed: the model&apos;s config.json</source>
        <translation>允许：模型的 config.json</translation>
    </message>
    <message>
        <source>%1: not a checkpoint of GPT-2 (a tensor wpe.weight), BERT (embeddings.position_embeddings.weight) or the Llama family (embed_tokens.weight), with or without a transformer., bert. or model. prefix; it holds %2 tensors</source>
        <translation>%1：不是 GPT-2（张量 wpe.weight）、BERT（embeddings.position_embeddings.weight）或 Llama 系列（embed_tokens.weight）的检查点（可带 transformer.、bert. 或 model. 前缀）；其中有 %2 个张量</translation>
    </message>
    <message>
        <source>%1: no tensor “%2”</source>
        <translation>%1：没有张量“%2”</translation>
    </message>
    <message>
        <source>%1: tensor “%2” is %3; allowed: a matrix (2 dimensions)</source>
        <translation>%1：张量“%2”为 %3；允许：矩阵（二维）</translation>
    </message>
    <message>
        <source>%1: %2 is %3, but tensor “%4” has %5; allowed: the checkpoint&apos;s own config.json</source>
        <translation>%1：%2 为 %3，但张量“%4”为 %5；允许：该检查点自己的 config.json</translation>
    </message>
    <message>
        <source>%1: %2 is %3, which does not divide the width %4; allowed: a divisor of %4</source>
        <translation>%1：%2 为 %3，不能整除宽度 %4；允许：%4 的约数</translation>
    </message>
    <message>
        <source>%1: num_key_value_heads is %2; allowed: a divisor of num_attention_heads %3</source>
        <translation>%1：num_key_value_heads 为 %2；允许：num_attention_heads %3 的约数</translation>
    </message>
    <message>
        <source>%1: the rotation&apos;s head width %2 is not the heads&apos; %3 (hidden_size / num_attention_heads, or head_dim)</source>
        <translation>%1：旋转的头宽 %2 不等于注意力头的 %3（hidden_size / num_attention_heads，或 head_dim）</translation>
    </message>
    <message>
        <source>%1: no layers found (%2 tensors)</source>
        <translation>%1：没有找到层（%2 个张量）</translation>
    </message>
    <message>
        <source>%1: no tensor “%2”, which the %3 heads need</source>
        <translation>%1：没有 %3 注意力头所需的张量“%2”</translation>
    </message>
    <message>
        <source>%1: tensor “%2” is %3; allowed: %4, as config.json and the other tensors say</source>
        <translation>%1：张量“%2”为 %3；允许：%4（依据 config.json 与其他张量）</translation>
    </message>
    <message>
        <source>%1: tensor “%2” has dtype %3; allowed: F32, F16, BF16, F64</source>
        <translation>%1：张量“%2”的数据类型为 %3；允许：F32、F16、BF16、F64</translation>
    </message>
    <message>
        <source>%1: tensor “%2” cannot be mapped (%3)</source>
        <translation>%1：张量“%2”无法映射（%3）</translation>
    </message>
    <message>
        <source>--max-len %1: allowed: 1 to the model&apos;s %2 positions</source>
        <translation>--max-len %1：允许：1 到模型的 %2 个位置</translation>
    </message>
    <message>
        <source>--layer %1: %2&apos;s scores of positions are those of layer 0, whose input is the position vectors; allowed: 0</source>
        <translation>--layer %1：%2 的位置分数来自第 0 层（其输入是位置向量）；允许：0</translation>
    </message>
    <message>
        <source>--layer %1: the model has %2 layers; allowed: 0 to %3</source>
        <translation>--layer %1：模型有 %2 层；允许：0 到 %3</translation>
    </message>
    <message>
        <source>%1 rotates no pairs (the Llama family does)</source>
        <translation>%1 不旋转任何维度对（Llama 系列才旋转）</translation>
    </message>
</context>
<context>
    <name>pe::ui::CheckpointController</name>
    <message>
        <source>Open checkpoint</source>
        <translation>打开检查点</translation>
    </message>
    <message>
        <source>Checkpoints (*.safetensors *.safetensors.index.json);;All files (*)</source>
        <translation>检查点 (*.safetensors *.safetensors.index.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open &amp;checkpoint…</source>
        <translation>打开检查点(&amp;C)…</translation>
    </message>
    <message>
        <source>What a trained model&apos;s attention heads do with positions: a GPT-2, BERT or Llama-family model.safetensors with its config.json (Heads view)</source>
        <translation>训练好的模型的注意力头如何使用位置：GPT-2、BERT 或 Llama 系列的 model.safetensors 及其 config.json（注意力头视图）</translation>
    </message>
</context>
<context>
    <name>pe::ui::ControlsPanel</name>
    <message>
        <source>Reset to defaults</source>
        <translation>恢复默认值</translation>
    </message>
    <message>
        <source>d_model 64, max_len 100, base 10000, interleaved, paper frequencies (undoable)</source>
        <translation>d_model 64、max_len 100、base 10000、交错排列、论文频率（可撤销）</translation>
    </message>
    <message>
        <source>Width of each position&apos;s vector, 1 to 4096 (odd allowed: the last sine then has no cosine)</source>
        <translation>每个位置向量的宽度，1 到 4096（允许奇数：最后一个正弦没有对应的余弦）</translation>
    </message>
    <message>
        <source>d_model</source>
        <translation>d_model</translation>
    </message>
    <message>
        <source>Number of positions (rows), 1 to 1,048,576; the slider is logarithmic</source>
        <translation>位置（行）的数量，1 到 1,048,576；滑块为对数刻度</translation>
    </message>
    <message>
        <source>max_len</source>
        <translation>max_len</translation>
    </message>
    <message>
        <source>The longest wavelength is 2π·base (paper: 10000; many long-context models use 500000 or more)</source>
        <translation>最长波长为 2π·base（论文：10000；许多长上下文模型使用 500000 或更大）</translation>
    </message>
    <message>
        <source>base</source>
        <translation>base</translation>
    </message>
    <message>
        <source>interleaved (sin, cos, sin, cos…)</source>
        <translation>交错（sin, cos, sin, cos…）</translation>
    </message>
    <message>
        <source>split (all sines, then all cosines)</source>
        <translation>分块（先全部正弦，再全部余弦）</translation>
    </message>
    <message>
        <source>Interleaved: the paper, PyTorch tutorial. Split: TensorFlow tutorial, tensor2tensor, fairseq. Same numbers, columns reordered.</source>
        <translation>交错：论文、PyTorch 教程。分块：TensorFlow 教程、tensor2tensor、fairseq。数值相同，只是列的顺序不同。</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>排列</translation>
    </message>
    <message>
        <source>paper: ω = base^(−2k/d)</source>
        <translation>论文：ω = base^(−2k/d)</translation>
    </message>
    <message>
        <source>tensor2tensor, fairseq and Whisper space the frequencies so the slowest wavelength is exactly 2π·base</source>
        <translation>tensor2tensor、fairseq 和 Whisper 调整频率间隔，使最慢的波长恰好为 2π·base</translation>
    </message>
    <message>
        <source>Frequencies</source>
        <translation>频率</translation>
    </message>
    <message>
        <source>Position of the first row: 0 in most code, 2 in fairseq (padding_idx + 1)</source>
        <translation>第一行的位置：大多数代码为 0，fairseq 为 2（padding_idx + 1）</translation>
    </message>
    <message>
        <source>First position</source>
        <translation>起始位置</translation>
    </message>
    <message>
        <source>&lt;b&gt;Selection&lt;/b&gt;</source>
        <translation>&lt;b&gt;选择&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The selected row; every view marks it (click a view to select)</source>
        <translation>所选的行；每个视图都会标出它（点击视图即可选择）</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Relative offset k: PE(p+k) is a rotation of PE(p) by k·ω in every pair</source>
        <translation>相对偏移 k：在每一对中，PE(p+k) 是 PE(p) 旋转 k·ω 的结果</translation>
    </message>
    <message>
        <source>Offset k</source>
        <translation>偏移 k</translation>
    </message>
    <message>
        <source>Wave dims</source>
        <translation>波形维度</translation>
    </message>
    <message>
        <source>Viridis: yellow ≈ +1, dark purple ≈ −1. Diverging: white is 0.</source>
        <translation>Viridis：黄色 ≈ +1，深紫色 ≈ −1。发散：白色为 0。</translation>
    </message>
    <message>
        <source>Colormap</source>
        <translation>颜色映射</translation>
    </message>
    <message>
        <source>Cosine similarity (instead of dot product)</source>
        <translation>余弦相似度（代替点积）</translation>
    </message>
    <message>
        <source>cosine = dot / (‖PE(p)‖·‖PE(q)‖); for even d_model every norm² is d/2</source>
        <translation>余弦 = 点积 / (‖PE(p)‖·‖PE(q)‖)；d_model 为偶数时每个范数的平方都是 d/2</translation>
    </message>
    <message>
        <source>Animate</source>
        <translation>动画</translation>
    </message>
    <message>
        <source>Width of each position&apos;s vector: the slider offers even widths and multiples of 64 (hold Shift for every width); type any width from 1 to 4096 in the box</source>
        <translation>每个位置向量的宽度：滑块提供偶数宽度和 64 的倍数（按住 Shift 可选任意宽度）；在输入框中可输入 1 到 4096 的任意宽度</translation>
    </message>
    <message>
        <source>Dimensions drawn in the wave plot (up to %1): a list 4,5,6,7, a range 4-7 or a slice 0:64:8 (start, end excluded, step); press Enter</source>
        <translation>波形图中绘制的维度（最多 %1 个）：列表 4,5,6,7、范围 4-7 或切片 0:64:8（起点、不含的终点、步长）；按回车确认</translation>
    </message>
    <message>
        <source>Reproduces %1 entry for entry (float64). Odd d_model there: %2.</source>
        <translation>逐项复现 %1（float64）。该库对奇数 d_model 的处理：%2。</translation>
    </message>
    <message>
        <source>custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Sets layout, frequencies and first position to reproduce a library&apos;s code; shows which library the current settings match, or custom</source>
        <translation>设置排列、频率和起始位置以复现某个库的代码；显示当前设置与哪个库一致，否则显示“自定义”</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>库</translation>
    </message>
    <message>
        <source>tensor2tensor: ω = base^(−k/(⌊d/2⌋−1))</source>
        <translation>tensor2tensor：ω = base^(−k/(⌊d/2⌋−1))</translation>
    </message>
    <message>
        <source>also: %1</source>
        <translation>同样一致：%1</translation>
    </message>
</context>
<context>
    <name>pe::ui::ConventionsView</name>
    <message>
        <source>paper ω</source>
        <translation>论文 ω</translation>
    </message>
    <message>
        <source>tensor2tensor ω</source>
        <translation>tensor2tensor ω</translation>
    </message>
    <message>
        <source>MISTAKE: doubled exponent</source>
        <translation>错误：指数加倍</translation>
    </message>
    <message>
        <source>MISTAKE: shifted cosine</source>
        <translation>错误：余弦偏移</translation>
    </message>
    <message>
        <source>&lt;b&gt;Conventions side by side.&lt;/b&gt; The same d_model and base under the settings on the left (A) and under one other convention (B), with their difference A − B. Libraries disagree on where the sines go (interleaved or split), on the frequencies (the paper or tensor2tensor/fairseq) and on the first position (fairseq starts at 2). Two variants copied from textbooks and blogs are shown too, marked in red as the mistakes they are.</source>
        <translation>&lt;b&gt;约定对照。&lt;/b&gt;相同的 d_model 和 base，分别采用左侧的设置（A）和另一种约定（B），以及二者之差 A − B。各个库在正弦放在哪里（交错或分块）、频率（论文或 tensor2tensor/fairseq）以及起始位置（fairseq 从 2 开始）上各不相同。另外还展示了两种从教科书和博客中流传的变体，以红色标为错误。</translation>
    </message>
    <message>
        <source>Compare with</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>the other layout (interleaved ↔ split)</source>
        <translation>另一种排列（交错 ↔ 分块）</translation>
    </message>
    <message>
        <source>the other frequencies (paper ↔ tensor2tensor)</source>
        <translation>另一种频率（论文 ↔ tensor2tensor）</translation>
    </message>
    <message>
        <source>the other first position (0 ↔ 2, fairseq)</source>
        <translation>另一个起始位置（0 ↔ 2，fairseq）</translation>
    </message>
    <message>
        <source>mistake: doubled exponent base^(−4k/d)</source>
        <translation>错误：指数加倍 base^(−4k/d)</translation>
    </message>
    <message>
        <source>mistake: shifted cosine base^(−(4k+2)/d)</source>
        <translation>错误：余弦偏移 base^(−(4k+2)/d)</translation>
    </message>
    <message>
        <source>What B changes against the settings of A</source>
        <translation>B 相对于 A 的设置改变了什么</translation>
    </message>
    <message>
        <source>PE value (A and B)</source>
        <translation>PE 值（A 和 B）</translation>
    </message>
    <message>
        <source>A − B</source>
        <translation>A − B</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>%1 · %2 · from %3</source>
        <translation>%1 · %2 · 从 %3 开始</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>A (settings)</source>
        <translation>A（设置）</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>B: MISTAKE</source>
        <translation>B：错误</translation>
    </message>
    <message>
        <source>A − B (difference)</source>
        <translation>A − B（差）</translation>
    </message>
    <message>
        <source>Conventions side by side
d_model %1 · max_len %2 · base %3 · %4</source>
        <translation>约定对照
d_model %1 · max_len %2 · base %3 · %4</translation>
    </message>
    <message>
        <source>exact cells</source>
        <translation>精确单元格</translation>
    </message>
    <message>
        <source>rows average %1 positions</source>
        <translation>每行平均 %1 个位置</translation>
    </message>
    <message>
        <source>‖M_k·PE(p) − PE(p+k)‖ at row %1, k = %2: A %3, B %4</source>
        <translation>第 %1 行，k = %2 时的 ‖M_k·PE(p) − PE(p+k)‖：A %3，B %4</translation>
    </message>
    <message>
        <source>Same numbers in another column order: split is a permutation of interleaved · a linear layer after it does not care, a trained checkpoint does</source>
        <translation>数值相同，只是列的顺序不同：分块是交错的一个置换 · 其后的线性层不受影响，但训练好的检查点会受影响</translation>
    </message>
    <message>
        <source>tensor2tensor/fairseq: ω_k = base^(−k/(d/2−1)), slowest wavelength exactly 2π·base · the pairs turn a little faster, so A and B drift apart along the rows</source>
        <translation>tensor2tensor/fairseq：ω_k = base^(−k/(d/2−1))，最慢的波长恰好为 2π·base · 各对旋转得稍快一些，因此 A 与 B 沿行逐渐偏离</translation>
    </message>
    <message>
        <source>fairseq starts at padding_idx + 1 = 2: row r holds position r + 2 · every row moves by two positions; a model trained on one start misreads the other</source>
        <translation>fairseq 从 padding_idx + 1 = 2 开始：第 r 行是位置 r + 2 · 每一行都移动了两个位置；用一种起点训练的模型会误读另一种</translation>
    </message>
    <message>
        <source>Mistake copied from the &quot;Transformers for NLP&quot; notebook (2·i in the exponent of a loop over even i) · ω_k = base^(−4k/d): %1 of %2 pairs turn slower than 2π·base and are nearly constant · half the code is wasted</source>
        <translation>从“Transformers for NLP”笔记本中流传的错误（在遍历偶数 i 的循环中，指数里用了 2·i）· ω_k = base^(−4k/d)：%2 对中有 %1 对比 2π·base 转得更慢，几乎不变 · 一半的编码被浪费</translation>
    </message>
    <message>
        <source>Mistake copied from a widely shared blog Embed.py (cos uses base^(−(4k+2)/d)) · sin and cos of a pair turn at different speeds: PE(p+k) is no longer a rotation of PE(p) · %1</source>
        <translation>从一篇广为转载的博客 Embed.py 中流传的错误（cos 使用 base^(−(4k+2)/d)）· 同一对的 sin 与 cos 转速不同：PE(p+k) 不再是 PE(p) 的旋转 · %1</translation>
    </message>
    <message>
        <source>sin of pair %1</source>
        <translation>第 %1 对的 sin</translation>
    </message>
    <message>
        <source>cos of pair %1</source>
        <translation>第 %1 对的 cos</translation>
    </message>
    <message>
        <source>A = %1, B = %2, A − B = %3</source>
        <translation>A = %1，B = %2，A − B = %3</translation>
    </message>
    <message>
        <source>row %1, column %2 · A: position %3, %4 · B: position %5, %6 · %7</source>
        <translation>第 %1 行，第 %2 列 · A：位置 %3，%4 · B：位置 %5，%6 · %7</translation>
    </message>
    <message>
        <source>rows %1–%2 (averaged), column %3 · A: %4 · B: %5 · %6</source>
        <translation>第 %1–%2 行（平均），第 %3 列 · A：%4 · B：%5 · %6</translation>
    </message>
    <message>
        <source>the zero column</source>
        <translation>零列</translation>
    </message>
    <message>
        <source>&lt;b&gt;A loaded table beside the sinusoid.&lt;/b&gt; A is the table you opened, B the sinusoid of the settings on the left (layout, frequencies, base, first position: change them to find the one closest to the table), and A − B their difference, over the rows and columns both have. A learned table need not follow any sinusoid: the difference shows where it does and where not.</source>
        <translation>&lt;b&gt;载入的表格与正弦编码并列。&lt;/b&gt;A 是你打开的表格，B 是左侧设置（布局、频率、底数、起始位置——调整它们，找出最接近表格的那一个）下的正弦编码，A − B 是两者之差，只比较双方都有的行和列。学习得到的表格未必遵循任何正弦规律：差值显示它在哪里遵循、在哪里不遵循。</translation>
    </message>
    <message>
        <source>B: sinusoid · %1</source>
        <translation>B：正弦编码 · %1</translation>
    </message>
    <message>
        <source>B: sinusoid</source>
        <translation>B：正弦编码</translation>
    </message>
    <message>
        <source>%1 beside the sinusoid</source>
        <translation>%1 与正弦编码并列</translation>
    </message>
    <message>
        <source>%1 beside the sinusoid
rows 0–%2 · columns 0–%3 · base %4 · %5</source>
        <translation>%1 与正弦编码并列
第 0–%2 行 · 第 0–%3 列 · 底数 %4 · %5</translation>
    </message>
    <message>
        <source>rows average %1 rows</source>
        <translation>每行为 %1 行的平均</translation>
    </message>
    <message>
        <source>B follows the settings on the left: try the other layout, the other frequencies or another base</source>
        <translation>B 跟随左侧设置：试试另一种布局、另一种频率或另一个底数</translation>
    </message>
    <message>
        <source>value (A and B)</source>
        <translation>数值（A 与 B）</translation>
    </message>
    <message>
        <source>With a table, B is the sinusoid of the settings on the left</source>
        <translation>载入表格时，B 是左侧设置下的正弦编码</translation>
    </message>
    <message>
        <source>table A = %1, sinusoid B = %2, A − B = %3</source>
        <translation>表格 A = %1，正弦 B = %2，A − B = %3</translation>
    </message>
    <message>
        <source>row %1, column %2 · %3</source>
        <translation>第 %1 行，第 %2 列 · %3</translation>
    </message>
    <message>
        <source>rows %1–%2 (averaged), column %3 · %4</source>
        <translation>第 %1–%2 行（平均），第 %3 列 · %4</translation>
    </message>
    <message>
        <source>The table has %1; the sinusoid max_len %2 and d_model %3: only what both have is compared (File ▸ Open encoding sizes the sinusoid like the table)</source>
        <translation>表格为 %1；正弦编码 max_len 为 %2、d_model 为 %3：只比较双方都有的部分（文件 ▸ 打开编码 会让正弦编码取表格的尺寸）</translation>
    </message>
    <message>
        <source>columns average %1 columns</source>
        <translation>每格为 %1 列的平均</translation>
    </message>
    <message>
        <source>row %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>rows %1–%2 (averaged)</source>
        <translation>第 %1–%2 行（平均）</translation>
    </message>
    <message>
        <source>%1, columns %2–%3 (averaged) · A = %4, B = %5, A − B = %6</source>
        <translation>%1，第 %2–%3 列（平均） · A = %4，B = %5，A − B = %6</translation>
    </message>
</context>
<context>
    <name>pe::ui::Dims</name>
    <message>
        <source>write dimensions like 4,5,6,7, a range like 4-7 or a slice like 0:64:8</source>
        <translation>请写成维度列表（如 4,5,6,7）、范围（如 4-7）或切片（如 0:64:8）</translation>
    </message>
    <message>
        <source>“%1” has an empty item between commas: %2</source>
        <translation>“%1”中两个逗号之间为空：%2</translation>
    </message>
    <message>
        <source>“%1” runs backwards; a range goes from the smaller dimension to the larger, e.g. %2-%3</source>
        <translation>“%1”顺序颠倒；范围应从较小的维度到较大的维度，例如 %2-%3</translation>
    </message>
    <message>
        <source>“%1”: the step of a slice is 1 or more</source>
        <translation>“%1”：切片的步长必须为 1 或更大</translation>
    </message>
    <message>
        <source>“%1” is not a dimension: %2</source>
        <translation>“%1”不是维度：%2</translation>
    </message>
    <message>
        <source>“%1”: dimensions go from 0 to %2</source>
        <translation>“%1”：维度范围为 0 到 %2</translation>
    </message>
    <message>
        <source>“%1” reaches beyond d_model %2: dimensions go from 0 to %3</source>
        <translation>“%1”超出了 d_model %2：维度范围为 0 到 %3</translation>
    </message>
    <message>
        <source>“%1” names %2 dimensions; the wave plot draws at most %3</source>
        <translation>“%1”包含 %2 个维度；波形图最多绘制 %3 个</translation>
    </message>
</context>
<context>
    <name>pe::ui::Document</name>
    <message>
        <source>Change %1 options</source>
        <translation>更改%1选项</translation>
    </message>
</context>
<context>
    <name>pe::ui::EmbeddingsView</name>
    <message>
        <source>word × √%1</source>
        <translation>词 × √%1</translation>
    </message>
    <message>
        <source>word</source>
        <translation>词</translation>
    </message>
    <message>
        <source>+ position</source>
        <translation>+ 位置</translation>
    </message>
    <message>
        <source>+ segment</source>
        <translation>+ 句段</translation>
    </message>
    <message>
        <source>= input</source>
        <translation>= 输入</translation>
    </message>
    <message>
        <source>&lt;b&gt;Embeddings of a sentence.&lt;/b&gt; What the first layer of a Transformer receives for each token, as in BERT: its word embedding, plus the positional encoding of its position, plus (BERT) the embedding of its segment — type [SEP] to start sentence B. The sum keeps the word and adds where it is. The paper multiplies the word embedding by √d_model: freshly initialised embeddings have entries of about ±1/√d, so without it the position (entries up to ±1) drowns the word.</source>
        <translation>&lt;b&gt;句子的嵌入。&lt;/b&gt;Transformer 第一层为每个词元接收的内容，与 BERT 相同：它的词嵌入，加上其位置的位置编码，再加上（BERT）其句段的嵌入——输入 [SEP] 开始句子 B。相加之后词义保留，同时加入了它所在的位置。论文将词嵌入乘以 √d_model：刚初始化的嵌入各分量约为 ±1/√d，不乘的话，位置（分量可达 ±1）会淹没词本身。</translation>
    </message>
    <message>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>The sentence to embed; words are lowercased, punctuation marks are tokens of their own, [SEP] starts sentence B</source>
        <translation>要嵌入的句子；单词会转为小写，标点符号各自成为一个词元，[SEP] 开始句子 B</translation>
    </message>
    <message>
        <source>Se&amp;ntence:</source>
        <translation>句子(&amp;N)：</translation>
    </message>
    <message>
        <source>The first token of the cosine comparison</source>
        <translation>余弦比较的第一个词元</translation>
    </message>
    <message>
        <source>The second token of the cosine comparison</source>
        <translation>余弦比较的第二个词元</translation>
    </message>
    <message>
        <source>word × √d_model</source>
        <translation>词 × √d_model</translation>
    </message>
    <message>
        <source>Multiply the word embedding by √d_model before adding the position, as the paper does (§3.4)</source>
        <translation>像论文那样（§3.4），在加上位置之前将词嵌入乘以 √d_model</translation>
    </message>
    <message>
        <source>segments</source>
        <translation>句段</translation>
    </message>
    <message>
        <source>Add BERT&apos;s segment embedding: sentence A, or B after a [SEP]</source>
        <translation>加上 BERT 的句段嵌入：句子 A，或 [SEP] 之后的 B</translation>
    </message>
    <message>
        <source>&amp;Compare:</source>
        <translation>比较(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Load vectors…</source>
        <translation>加载向量(&amp;L)…</translation>
    </message>
    <message>
        <source>Read word vectors from a word2vec or GloVe text file (only the sentence&apos;s words are kept)</source>
        <translation>从 word2vec 或 GloVe 文本文件读取词向量（只保留句子中出现的词）</translation>
    </message>
    <message>
        <source>Pseudo-random</source>
        <translation>伪随机</translation>
    </message>
    <message>
        <source>Go back to the built-in pseudo-random word vectors</source>
        <translation>回到内置的伪随机词向量</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Vectors:</source>
        <translation>向量：</translation>
    </message>
    <message>
        <source>Load word vectors</source>
        <translation>加载词向量</translation>
    </message>
    <message>
        <source>Word vectors, text format (*.txt *.vec);;All files (*)</source>
        <translation>词向量，文本格式 (*.txt *.vec);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%p% of %1 MB</source>
        <translation>%p%，共 %1 MB</translation>
    </message>
    <message>
        <source>Reading %1 …</source>
        <translation>正在读取 %1 …</translation>
    </message>
    <message>
        <source>Reading %1 was cancelled; the word vectors are pseudo-random.</source>
        <translation>已取消读取 %1；词向量为伪随机。</translation>
    </message>
    <message>
        <source>Cannot use %1: its vectors have %2 dimensions, but d_model is %3. Set d_model to %2, or choose a file of %3-dimensional vectors. Meanwhile the word vectors are pseudo-random.</source>
        <translation>无法使用 %1：它的向量有 %2 维，而 d_model 为 %3。请将 d_model 设为 %2，或选择 %3 维向量的文件。在此之前词向量为伪随机。</translation>
    </message>
    <message>
        <source>Set d_model to %1</source>
        <translation>将 d_model 设为 %1</translation>
    </message>
    <message>
        <source>Cannot use %1: %2. The word vectors are pseudo-random.</source>
        <translation>无法使用 %1：%2。词向量为伪随机。</translation>
    </message>
    <message>
        <source>%1: %2 vectors of %3 dimensions; %4 of %5 tokens found (the others, marked ∅, are zero vectors)</source>
        <translation>%1：%2 个 %3 维向量；%5 个词元中找到 %4 个（其余标为 ∅，为零向量）</translation>
    </message>
    <message>
        <source>pseudo-random stand-ins, fixed per word (not learned: unrelated words are unrelated vectors)</source>
        <translation>伪随机替代向量，每个词固定（未经学习：不相关的词对应不相关的向量）</translation>
    </message>
    <message>
        <source>%1 has %2-dimensional vectors, but d_model is %3: the word vectors are pseudo-random until d_model is %2 again.</source>
        <translation>%1 的向量为 %2 维，而 d_model 为 %3：在 d_model 重新变为 %2 之前，词向量为伪随机。</translation>
    </message>
    <message>
        <source>Type a sentence to see its embeddings.</source>
        <translation>输入一个句子以查看它的嵌入。</translation>
    </message>
    <message>
        <source>&lt;b&gt;cos(%1, %2)&lt;/b&gt; of the word embeddings: &lt;b&gt;%3&lt;/b&gt; → of the inputs (word%4 + position%5): &lt;b&gt;%6&lt;/b&gt;. Nearby positions have similar encodings, so adding them pulls the cosine towards the positions&apos; similarity; the larger the words, the less.</source>
        <translation>词嵌入的 &lt;b&gt;cos(%1, %2)&lt;/b&gt;：&lt;b&gt;%3&lt;/b&gt; → 输入（词%4 + 位置%5）的：&lt;b&gt;%6&lt;/b&gt;。相邻位置的编码相似，因此相加会把余弦拉向两个位置的相似度；词向量越大，影响越小。</translation>
    </message>
    <message>
        <source> × √d</source>
        <translation> × √d</translation>
    </message>
    <message>
        <source> + segment</source>
        <translation> + 句段</translation>
    </message>
    <message>
        <source>Embeddings of a sentence
(no tokens)</source>
        <translation>句子的嵌入
（没有词元）</translation>
    </message>
    <message>
        <source>Word + position%1 = input of layer 1
d_model %2 · %3 tokens · %4%5
cos(%6, %7): words %8 → inputs %9</source>
        <translation>词 + 位置%1 = 第 1 层的输入
d_model %2 · %3 个词元 · %4%5
cos(%6, %7)：词 %8 → 输入 %9</translation>
    </message>
    <message>
        <source>pseudo-random word vectors</source>
        <translation>伪随机词向量</translation>
    </message>
    <message>
        <source> · word × √d</source>
        <translation> · 词 × √d</translation>
    </message>
    <message>
        <source> · word not scaled</source>
        <translation> · 词未缩放</translation>
    </message>
    <message>
        <source>token %1 “%2” at position %3 · dimension %4: word %5 + position %6 + segment %7 = %8</source>
        <translation>词元 %1“%2”位于位置 %3 · 维度 %4：词 %5 + 位置 %6 + 句段 %7 = %8</translation>
    </message>
</context>
<context>
    <name>pe::ui::EncodingTable</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: there is no such file</source>
        <translation>%1：没有这个文件</translation>
    </message>
    <message>
        <source>%1: not a readable file</source>
        <translation>%1：不是可读的文件</translation>
    </message>
    <message>
        <source>cannot open it (%1)</source>
        <translation>无法打开（%1）</translation>
    </message>
    <message>
        <source>a .npy file holds one array; “%1” names a tensor (only .safetensors files have several)</source>
        <translation>.npy 文件只含一个数组；“%1”指定的是张量（只有 .safetensors 文件才含多个张量）</translation>
    </message>
    <message>
        <source>a text table of %1 bytes; text tables are read whole, at most %2 bytes (save large tables as .npy or .safetensors)</source>
        <translation>文本表有 %1 字节；文本表需整体读入，最多 %2 字节（大型表请保存为 .npy 或 .safetensors）</translation>
    </message>
    <message>
        <source>a .csv file holds one table; “%1” names a tensor (only .safetensors files have several)</source>
        <translation>.csv 文件只含一个表；“%1”指定的是张量（只有 .safetensors 文件才含多个张量）</translation>
    </message>
    <message>
        <source>not a table PE Explorer reads: allowed .npy (NumPy), .safetensors and .csv files</source>
        <translation>不是 PE Explorer 能读取的表；允许：.npy（NumPy）、.safetensors 和 .csv 文件</translation>
    </message>
    <message>
        <source>none of its %1 tensors is a 2-D float table</source>
        <translation>其 %1 个张量中没有一个是二维浮点表</translation>
    </message>
    <message>
        <source>its tables: %1</source>
        <translation>其中的表：%1</translation>
    </message>
    <message>
        <source>there is no tensor “%1”; %2</source>
        <translation>没有张量“%1”；%2</translation>
    </message>
    <message>
        <source>name the tensor to open (FILE:TENSOR); %1</source>
        <translation>请指定要打开的张量（FILE:TENSOR）；%1</translation>
    </message>
    <message>
        <source>cannot map it into memory (%1)</source>
        <translation>无法将其映射到内存（%1）</translation>
    </message>
    <message>
        <source>%1 was deleted or moved after it was opened; open it again</source>
        <translation>%1 在打开后被删除或移动；请重新打开</translation>
    </message>
    <message>
        <source>%1 changed size after it was opened (%2 → %3 bytes); open it again</source>
        <translation>%1 在打开后大小发生了变化（%2 → %3 字节）；请重新打开</translation>
    </message>
    <message>
        <source>%1 was rewritten after it was opened; open it again</source>
        <translation>%1 在打开后被重写；请重新打开</translation>
    </message>
    <message>
        <source>%1 is not there any more (moved or deleted)</source>
        <translation>%1 已不在原处（被移动或删除）</translation>
    </message>
    <message>
        <source>%1 is %2 bytes now, %3 when the session was saved: another file</source>
        <translation>%1 现在为 %2 字节，保存会话时为 %3 字节：已是另一个文件</translation>
    </message>
    <message>
        <source>%1 cannot be read (%2)</source>
        <translation>%1 无法读取（%2）</translation>
    </message>
    <message>
        <source>%1 has other contents than when the session was saved (its fingerprint differs)</source>
        <translation>%1 的内容与保存会话时不同（指纹不一致）</translation>
    </message>
    <message>
        <source>%1: cannot open it (%2)</source>
        <translation>%1：无法打开（%2）</translation>
    </message>
</context>
<context>
    <name>pe::ui::ExplanationLabel</name>
    <message>
        <source>Less</source>
        <translation>收起</translation>
    </message>
    <message>
        <source>More…</source>
        <translation>更多…</translation>
    </message>
</context>
<context>
    <name>pe::ui::Export</name>
    <message>
        <source>dimension %1 is out of range; allowed: 0 to %2</source>
        <translation>维度 %1 超出范围；允许：0 到 %2</translation>
    </message>
    <message>
        <source>position %1 is out of range; allowed: 0 to %2</source>
        <translation>位置 %1 超出范围；允许：0 到 %2</translation>
    </message>
    <message>
        <source>offset %1 would move position %2 below 0</source>
        <translation>偏移 %1 会使位置 %2 小于 0</translation>
    </message>
    <message>
        <source>the sentence has no words; type at least one</source>
        <translation>句子中没有单词；请至少输入一个</translation>
    </message>
    <message>
        <source>max_len = %1 and d_model = %2 make the %3 data %4 × %5 values; at most %6 values can be exported (choose a smaller max_len)</source>
        <translation>max_len = %1 和 d_model = %2 使 %3 的数据有 %4 × %5 个值；最多只能导出 %6 个值（请选择更小的 max_len）</translation>
    </message>
    <message>
        <source>no file name given</source>
        <translation>未指定文件名</translation>
    </message>
    <message>
        <source>cannot write %1: it is a folder</source>
        <translation>无法写入 %1：它是一个文件夹</translation>
    </message>
    <message>
        <source>%1 already exists; pass --force to replace it</source>
        <translation>%1 已存在；使用 --force 可替换它</translation>
    </message>
    <message>
        <source>cannot write %1: %2 is a file, not a folder</source>
        <translation>无法写入 %1：%2 是文件，不是文件夹</translation>
    </message>
    <message>
        <source>cannot write %1: the folder %2 does not exist</source>
        <translation>无法写入 %1：文件夹 %2 不存在</translation>
    </message>
    <message>
        <source>%1: data files end in .npy or .csv</source>
        <translation>%1：数据文件的扩展名应为 .npy 或 .csv</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>export to %1 cancelled; no file written</source>
        <translation>已取消导出到 %1；未写入任何文件</translation>
    </message>
    <message>
        <source>figures show d_model 1 to %1, max_len 1 to %2, base %3 to %4 and first position up to %5; export larger sizes as .npy or .csv data</source>
        <translation>图支持 d_model 1 到 %1、max_len 1 到 %2、base %3 到 %4、起始位置最大 %5；更大的尺寸请导出为 .npy 或 .csv 数据</translation>
    </message>
    <message>
        <source>%1: figures end in .png, .pdf or .svg</source>
        <translation>%1：图的扩展名应为 .png、.pdf 或 .svg</translation>
    </message>
    <message>
        <source>a PNG of %1 × %2 pixels is too large; at most 100 million pixels</source>
        <translation>%1 × %2 像素的 PNG 太大；最多 1 亿像素</translation>
    </message>
    <message>
        <source>could not render %1</source>
        <translation>无法渲染 %1</translation>
    </message>
    <message>
        <source>%1 × %2 pixels is too small for this figure at %3 pt text: it needs about %4 pixels of height, so some text overlaps or is cut. Make it taller or its text smaller</source>
        <translation>%1 × %2 像素对这幅 %3 pt 文字的图来说太小：它约需 %4 像素的高度，因此有些文字重叠或被截断。请加大高度或缩小文字</translation>
    </message>
    <message>
        <source>%1 × %2 mm is too small for this figure at %3 pt text: it needs about %4 mm of height, so some text overlaps or is cut. Make it taller or its text smaller</source>
        <translation>%1 × %2 毫米对这幅 %3 pt 文字的图来说太小：它约需 %4 毫米的高度，因此有些文字重叠或被截断。请加大高度或缩小文字</translation>
    </message>
    <message>
        <source>the %1 view works from a table&apos;s values in memory: at most %2 values; %3 has %4 (the heatmap and the spectrum export it)</source>
        <translation>%1 视图基于内存中的表格数值：最多 %2 个值；%3 有 %4 个（热图和频谱可以导出它）</translation>
    </message>
    <message>
        <source>the %1 view has no data export; allowed: a figure (.png, .pdf, .svg)</source>
        <translation>%1 视图没有数据导出；可用：图（.png、.pdf、.svg）</translation>
    </message>
    <message>
        <source>the %1 view made no data</source>
        <translation>%1 视图没有生成数据</translation>
    </message>
    <message>
        <source>the %1 view of %2 shows sampled rows until the pass over its values is done; export its figure then (its .npy or .csv data reads every value now)</source>
        <translation>在对全部数值的扫描完成之前，%2 的 %1 视图显示的是抽样行；请在扫描完成后再导出其图像（其 .npy 或 .csv 数据现在即可读取全部数值）</translation>
    </message>
</context>
<context>
    <name>pe::ui::ExportController</name>
    <message>
        <source>Replace file?</source>
        <translation>替换文件？</translation>
    </message>
    <message>
        <source>%1 already exists. Replace it?</source>
        <translation>%1 已存在。要替换它吗？</translation>
    </message>
    <message>
        <source>Exporting %1…</source>
        <translation>正在导出 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>“%1”: the file name must end in .pdf, .svg or .png (a figure) or in .npy or .csv (the data)</source>
        <translation>“%1”：文件名必须以 .pdf、.svg 或 .png（图形）或 .npy、.csv（数据）结尾</translation>
    </message>
    <message>
        <source>Written to %1, but: %2.</source>
        <translation>已写入 %1，但：%2。</translation>
    </message>
</context>
<context>
    <name>pe::ui::ExportDialog</name>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>View</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>.pdf and .svg: vector figure · .png: image at the chosen DPI · .npy and .csv: the view&apos;s data (float64)</source>
        <translation>.pdf 和 .svg：矢量图 · .png：按所选 DPI 的图像 · .npy 和 .csv：视图的数据（float64）</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Single column (89 × 70 mm)</source>
        <translation>单栏（89 × 70 mm）</translation>
    </message>
    <message>
        <source>Double column (183 × 100 mm)</source>
        <translation>双栏（183 × 100 mm）</translation>
    </message>
    <message>
        <source>Custom size</source>
        <translation>自定义尺寸</translation>
    </message>
    <message>
        <source>Figure size</source>
        <translation>图尺寸</translation>
    </message>
    <message>
        <source> mm</source>
        <translation> mm</translation>
    </message>
    <message>
        <source>Width × height</source>
        <translation>宽 × 高</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source>Resolution of PNG files; PDF and SVG are vector graphics</source>
        <translation>PNG 文件的分辨率；PDF 和 SVG 是矢量图</translation>
    </message>
    <message>
        <source>PNG resolution</source>
        <translation>PNG 分辨率</translation>
    </message>
    <message>
        <source> pt</source>
        <translation> pt</translation>
    </message>
    <message>
        <source>Journals ask for 7–9 pt text in the printed figure</source>
        <translation>期刊要求印刷图中的文字为 7–9 pt</translation>
    </message>
    <message>
        <source>Font size</source>
        <translation>字号</translation>
    </message>
    <message>
        <source>Export to</source>
        <translation>导出到</translation>
    </message>
    <message>
        <source>PDF figure (*.pdf);;SVG figure (*.svg);;PNG image (*.png);;NumPy data (*.npy);;CSV data (*.csv)</source>
        <translation>PDF 图 (*.pdf);;SVG 图 (*.svg);;PNG 图像 (*.png);;NumPy 数据 (*.npy);;CSV 数据 (*.csv)</translation>
    </message>
    <message>
        <source>Data: float64 values of the view, streamed to the file</source>
        <translation>数据：视图的 float64 数值，流式写入文件</translation>
    </message>
    <message>
        <source>PNG: %1 × %2 pixels</source>
        <translation>PNG：%1 × %2 像素</translation>
    </message>
    <message>
        <source>Slide 16:9 (254 × 143 mm, 14 pt)</source>
        <translation>16:9 幻灯片（254 × 143 毫米，14 磅）</translation>
    </message>
    <message>
        <source>Full (all lines)</source>
        <translation>完整（所有行）</translation>
    </message>
    <message>
        <source>Short (first line)</source>
        <translation>简短（第一行）</translation>
    </message>
    <message>
        <source>None (the caption says it)</source>
        <translation>无（由图注说明）</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Include selection marks (the band highlight)</source>
        <translation>包含选择标记（频带高亮）</translation>
    </message>
    <message>
        <source>For this figure only; the window keeps its colour map</source>
        <translation>仅用于此图；窗口保留其颜色映射</translation>
    </message>
    <message>
        <source>Colour map</source>
        <translation>颜色映射</translation>
    </message>
    <message>
        <source>Width (mm)</source>
        <translation>宽度（毫米）</translation>
    </message>
    <message>
        <source>Height (mm)</source>
        <translation>高度（毫米）</translation>
    </message>
</context>
<context>
    <name>pe::ui::FormulaPanel</name>
    <message>
        <source>interleaved: column 2k holds sin, column 2k+1 holds cos</source>
        <translation>交错：第 2k 列为 sin，第 2k+1 列为 cos</translation>
    </message>
    <message>
        <source>split: columns 0–%1 hold sin, columns %2–%3 hold cos</source>
        <translation>分块：第 0–%1 列为 sin，第 %2–%3 列为 cos</translation>
    </message>
    <message>
        <source>ω&lt;sub&gt;k&lt;/sub&gt; = base&lt;sup&gt;−2k/d&lt;/sup&gt; (the paper)</source>
        <translation>ω&lt;sub&gt;k&lt;/sub&gt; = base&lt;sup&gt;−2k/d&lt;/sup&gt;（论文）</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;The selected cell&lt;/b&gt;&lt;br&gt;position&amp;nbsp;%1, dimension&amp;nbsp;%2 = %3 of pair k&amp;nbsp;=&amp;nbsp;%4&lt;br&gt;&lt;small&gt;%5; %6&lt;/small&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;所选单元格&lt;/b&gt;&lt;br&gt;位置&amp;nbsp;%1，维度&amp;nbsp;%2 = 第 k&amp;nbsp;=&amp;nbsp;%4 对的 %3&lt;br&gt;&lt;small&gt;%5；%6&lt;/small&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Offset k = %1, pair %2&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;偏移 k = %1，第 %2 对&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Pair %1 is the last sine of an odd d_model: it has no cosine, so there is no (sin, cos) point to turn. Select another dimension.&lt;/p&gt;</source>
        <translation>&lt;p&gt;第 %1 对是奇数 d_model 的最后一个正弦：它没有余弦，因此没有可旋转的 (sin, cos) 点。请选择其他维度。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;ω = %1, kω = %2 rad: every step of k turns the pair&apos;s (sin, cos) point by ω.&lt;/p&gt;</source>
        <translation>&lt;p&gt;ω = %1，kω = %2 rad：k 每增加 1，该对的 (sin, cos) 点就旋转 ω。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;PE(p+k) = M&lt;sub&gt;k&lt;/sub&gt;·PE(p) for this pair (p = %1, p+k = %2, columns %3 and %4):&lt;/p&gt;</source>
        <translation>&lt;p&gt;对这一对有 PE(p+k) = M&lt;sub&gt;k&lt;/sub&gt;·PE(p)（p = %1，p+k = %2，第 %3 和 %4 列）：&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;and directly: sin(%1ω) = %2, cos(%1ω) = %3 — the same numbers.&lt;/p&gt;</source>
        <translation>&lt;p&gt;直接计算：sin(%1ω) = %2，cos(%1ω) = %3——数值相同。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;The selected cell&lt;/b&gt;&lt;br&gt;position&amp;nbsp;%1, dimension&amp;nbsp;%2 = &lt;b&gt;0&lt;/b&gt;&lt;/p&gt;&lt;p&gt;With tensor2tensor&apos;s frequencies an odd d_model has ⌊d/2⌋ = %3 (sin, cos) pairs, and the last column is zero at every position, as tensor2tensor and fairseq pad it.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;选中的单元格&lt;/b&gt;&lt;br&gt;位置&amp;nbsp;%1，维度&amp;nbsp;%2 = &lt;b&gt;0&lt;/b&gt;&lt;/p&gt;&lt;p&gt;使用 tensor2tensor 的频率时，奇数 d_model 有 ⌊d/2⌋ = %3 个 (sin, cos) 对，最后一列在每个位置都为零——tensor2tensor 和 fairseq 就是这样补齐的。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>, column %1 is zero</source>
        <translation>，第 %1 列为零</translation>
    </message>
    <message>
        <source>ω&lt;sub&gt;k&lt;/sub&gt; = base&lt;sup&gt;−k/(n−1)&lt;/sup&gt;, n = ⌊d/2⌋ = %1 (tensor2tensor)</source>
        <translation>ω&lt;sub&gt;k&lt;/sub&gt; = base&lt;sup&gt;−k/(n−1)&lt;/sup&gt;，n = ⌊d/2⌋ = %1（tensor2tensor）</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Offset k = %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;The zero column does not turn: select a dimension of a (sin, cos) pair.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;偏移 k = %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;零列不会旋转：请选择某个 (sin, cos) 对中的维度。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;The loaded table&lt;/b&gt; (%1) has %2 columns: dimension %3 is beyond it. The heatmap shows the table; the sinusoid below is what the other views set beside it.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;已加载的表格&lt;/b&gt;（%1）有 %2 列：维度 %3 超出了范围。热力图显示的是该表格；下面的正弦编码是其他视图并列显示的内容。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;The selected cell of the loaded table&lt;/b&gt;&lt;br&gt;%1: row&amp;nbsp;%2, column&amp;nbsp;%3 = &lt;b&gt;%4&lt;/b&gt;&lt;/p&gt;&lt;p&gt;The heatmap shows this table: learned (or stored) values, with no formula. The sinusoid of the same cell, which the other views set beside it:&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;已加载表格的选中单元格&lt;/b&gt;&lt;br&gt;%1：第&amp;nbsp;%2&amp;nbsp;行，第&amp;nbsp;%3&amp;nbsp;列 = &lt;b&gt;%4&lt;/b&gt;&lt;/p&gt;&lt;p&gt;热力图显示的是这个表格：学习得到（或存储）的数值，没有公式。其他视图并列显示的同一单元格的正弦编码：&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Formula of the selected cell</source>
        <translation>所选单元格的公式</translation>
    </message>
</context>
<context>
    <name>pe::ui::Frame</name>
    <message>
        <source>This view works from a table&apos;s values in memory: at most %1 values; %2 has %3 (the heatmap and the spectrum show it).</source>
        <translation>此视图基于内存中的表格数值：最多 %1 个值；%2 有 %3 个（热图和频谱可以显示它）。</translation>
    </message>
</context>
<context>
    <name>pe::ui::GridView</name>
    <message>
        <source>Table, else MAE</source>
        <translation>表(否则 MAE)</translation>
    </message>
    <message>
        <source>Loaded table</source>
        <translation>已加载的表</translation>
    </message>
    <message>
        <source>MAE 2-D sin-cos</source>
        <translation>MAE 二维 sin-cos</translation>
    </message>
    <message>
        <source>DiT 2-D sin-cos</source>
        <translation>DiT 二维 sin-cos</translation>
    </message>
    <message>
        <source>Axial 2-D RoPE</source>
        <translation>轴向二维 RoPE</translation>
    </message>
    <message>
        <source>RoPE-Mixed</source>
        <translation>RoPE-Mixed</translation>
    </message>
    <message>
        <source>M-RoPE (Qwen2-VL)</source>
        <translation>M-RoPE(Qwen2-VL)</translation>
    </message>
    <message>
        <source>column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>&lt;b&gt;Positions on a grid.&lt;/b&gt; A vision transformer cuts an image into patches and gives each patch&apos;s position a vector. Each small tile on the left belongs to one patch and shows how similar its vector is to every other patch&apos;s (yellow: alike), laid out as the image: a learned table that found the 2-D structure lights up around each patch, and rows and columns show as stripes. Click a patch to see its map large; the class token has no place on the grid and is shown apart. Compare a model&apos;s table with MAE&apos;s fixed 2-D sin-cos and with 2-D RoPE, whose map only moves with the query.</source>
        <translation>&lt;b&gt;网格上的位置。&lt;/b&gt;视觉 Transformer 把图像切成图块,并给每个图块的位置一个向量。左侧每个小方块属于一个图块,按图像的排布显示它的向量与其他每个图块的向量有多相似(黄色:相似):学到了二维结构的表会在每个图块周围亮起,行和列显示为条纹。点击一个图块可放大查看它的图;类别标记在网格上没有位置,单独显示。可将模型的表与 MAE 固定的二维 sin-cos 以及二维 RoPE 比较,后者的图只随查询移动。</translation>
    </message>
    <message>
        <source>&amp;Source:</source>
        <translation>来源(&amp;S):</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>The grid&apos;s rows: auto guesses a square from a table&apos;s rows (197 = 1 + 14 × 14); the fixed encodings use 14 × 14 (--grid H×W)</source>
        <translation>网格的行数:自动时根据表的行数推测正方形(197 = 1 + 14 × 14);固定编码使用 14 × 14(--grid H×W)</translation>
    </message>
    <message>
        <source>The grid&apos;s columns (--grid H×W)</source>
        <translation>网格的列数(--grid H×W)</translation>
    </message>
    <message>
        <source>&amp;Grid:</source>
        <translation>网格(&amp;G):</translation>
    </message>
    <message>
        <source>first row</source>
        <translation>第一行</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Whether a table&apos;s first row is a class token ([CLS]) rather than a patch: auto decides from the row count (--grid-class-token)</source>
        <translation>表的第一行是否为类别标记([CLS])而非图块:自动时根据行数判断(--grid-class-token)</translation>
    </message>
    <message>
        <source>&amp;Class token:</source>
        <translation>类别标记(&amp;C):</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Resize the table&apos;s patches to this grid by bicubic interpolation, as models fine-tuned at a higher resolution do (timm&apos;s resample_abs_pos_embed; --grid-resize H×W)</source>
        <translation>用双三次插值把表的图块缩放到此网格,正如在更高分辨率下微调的模型所做的(timm 的 resample_abs_pos_embed;--grid-resize H×W)</translation>
    </message>
    <message>
        <source>&amp;Resize to:</source>
        <translation>缩放到(&amp;R):</translation>
    </message>
    <message>
        <source>The patch (row, column) whose map is drawn large; click a tile or the map to choose (--grid-patch R,C)</source>
        <translation>放大显示其图的图块(行,列);点击小方块或图来选择(--grid-patch R,C)</translation>
    </message>
    <message>
        <source>&amp;Patch:</source>
        <translation>图块(&amp;P):</translation>
    </message>
    <message>
        <source>Class token&apos;s map</source>
        <translation>类别标记的图</translation>
    </message>
    <message>
        <source>Draw the class token&apos;s similarity with every patch instead of a patch&apos;s</source>
        <translation>显示类别标记与每个图块的相似度,而不是某个图块的</translation>
    </message>
    <message>
        <source>The dimension drawn across the grid, bottom right (--grid-dim)</source>
        <translation>在右下方按网格显示的维度(--grid-dim)</translation>
    </message>
    <message>
        <source>&amp;Dimension:</source>
        <translation>维度(&amp;D):</translation>
    </message>
    <message>
        <source>RoPE-Mixed starts each head&apos;s frequencies along a random direction: the head whose initial direction is drawn (--grid-head)</source>
        <translation>RoPE-Mixed 让每个头的频率从一个随机方向开始:选择显示其初始方向的头(--grid-head)</translation>
    </message>
    <message>
        <source>&amp;Head:</source>
        <translation>头(&amp;H):</translation>
    </message>
    <message>
        <source>Positions on a grid
%1</source>
        <translation>网格上的位置
%1</translation>
    </message>
    <message>
        <source> · resized bicubically from %1 × %2</source>
        <translation> · 由 %1 × %2 双三次插值缩放</translation>
    </message>
    <message>
        <source>%1: %2 × %3 patches%4
%5</source>
        <translation>%1:%2 × %3 个图块%4
%5</translation>
    </message>
    <message>
        <source> and a class token</source>
        <translation>和一个类别标记</translation>
    </message>
    <message>
        <source> · each pixel the mean of %1 cells</source>
        <translation> · 每个像素是 %1 个单元的均值</translation>
    </message>
    <message>
        <source>each tile: a query of ones at that patch against keys at every patch%1</source>
        <translation>每个小方块:该图块处全一查询与每个图块处的键%1</translation>
    </message>
    <message>
        <source>each tile: a query there, keys everywhere</source>
        <translation>每个小方块:查询在此,键在各处</translation>
    </message>
    <message>
        <source>tiles</source>
        <translation>小方块</translation>
    </message>
    <message>
        <source>each tile: that patch&apos;s cosine similarity with every patch%1</source>
        <translation>每个小方块:该图块与每个图块的余弦相似度%1</translation>
    </message>
    <message>
        <source>each tile: similarity with every patch</source>
        <translation>每个小方块:与每个图块的相似度</translation>
    </message>
    <message>
        <source>the class token against every patch</source>
        <translation>类别标记与每个图块</translation>
    </message>
    <message>
        <source>class token</source>
        <translation>类别标记</translation>
    </message>
    <message>
        <source>patch (%1, %2) against every patch</source>
        <translation>图块 (%1, %2) 与每个图块</translation>
    </message>
    <message>
        <source>patch (%1, %2)</source>
        <translation>图块 (%1, %2)</translation>
    </message>
    <message>
        <source>dim %1: the %2 of pair %3&apos;s angle at each patch</source>
        <translation>维度 %1:各图块处第 %3 对角度的%2</translation>
    </message>
    <message>
        <source>sine</source>
        <translation>正弦</translation>
    </message>
    <message>
        <source>cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <source>dim %1 across the grid</source>
        <translation>维度 %1 在网格上</translation>
    </message>
    <message>
        <source>dim %1</source>
        <translation>维度 %1</translation>
    </message>
    <message>
        <source>dim %1 of %2 across the grid</source>
        <translation>维度 %1(共 %2)在网格上</translation>
    </message>
    <message>
        <source>query at patch (%1, %2) · key at (%3, %4), offset (%5, %6): q·k / |q||k| = %7</source>
        <translation>查询在图块 (%1, %2) · 键在 (%3, %4),偏移 (%5, %6):q·k / |q||k| = %7</translation>
    </message>
    <message>
        <source>patch (%1, %2) · patch (%3, %4): cosine similarity %5</source>
        <translation>图块 (%1, %2) · 图块 (%3, %4):余弦相似度 %5</translation>
    </message>
    <message>
        <source>class token · patch (%1, %2): cosine similarity %3</source>
        <translation>类别标记 · 图块 (%1, %2):余弦相似度 %3</translation>
    </message>
    <message>
        <source>patch (%1, %2) · dim %3 = %4</source>
        <translation>图块 (%1, %2) · 维度 %3 = %4</translation>
    </message>
    <message>
        <source>Where the patches&apos; vectors come from: a loaded position table (File ▸ Open encoding), MAE&apos;s or DiT&apos;s fixed 2-D sin-cos, or a 2-D rotary embedding (its head dimension: Head dim) (--grid-source)</source>
        <translation>图块向量的来源：已加载的位置表（文件 ▸ 打开编码）、MAE 或 DiT 的固定二维 sin-cos，或二维旋转编码（其头维度见“头维度”）(--grid-source)</translation>
    </message>
    <message>
        <source>The rotary encoding&apos;s head dimension: each attention head turns its own query and key. auto: d_model, or with a table open the usual one (128 for Qwen2-VL&apos;s M-RoPE, 64 for rope-vit&apos;s 2-D RoPE), not the table&apos;s width (--grid-head-dim)</source>
        <translation>旋转编码的头维度：每个注意力头旋转自己的查询和键。自动：d_model；打开表格时取常用值（Qwen2-VL 的 M-RoPE 为 128，rope-vit 的二维 RoPE 为 64），而不是表格的宽度 (--grid-head-dim)</translation>
    </message>
    <message>
        <source>Head di&amp;m:</source>
        <translation>头维度(&amp;M)：</translation>
    </message>
    <message>
        <source>auto (%1)</source>
        <translation>自动（%1）</translation>
    </message>
    <message>
        <source>every similarity lies in %1 … %2: at this grid the encoding hardly tells the patches apart</source>
        <translation>所有相似度都在 %1 … %2 之间：在这个网格上，该编码几乎分不清各个图块</translation>
    </message>
    <message>
        <source>Grid rows</source>
        <translation>网格行数</translation>
    </message>
    <message>
        <source>Grid columns</source>
        <translation>网格列数</translation>
    </message>
    <message>
        <source>Resize to rows</source>
        <translation>缩放到的行数</translation>
    </message>
    <message>
        <source>Resize to columns</source>
        <translation>缩放到的列数</translation>
    </message>
    <message>
        <source>Patch row</source>
        <translation>块的行</translation>
    </message>
    <message>
        <source>Patch column</source>
        <translation>块的列</translation>
    </message>
</context>
<context>
    <name>pe::ui::GuideDialog</name>
    <message>
        <source>&lt;h2&gt;A tour of PE Explorer&lt;/h2&gt;&lt;p&gt;A Transformer adds a vector to each word&apos;s embedding to say where the word stands. The sinusoidal encoding builds that vector from sines and cosines: column 2i of row &lt;i&gt;pos&lt;/i&gt; holds sin(pos / base&lt;sup&gt;2i/d&lt;/sup&gt;), column 2i+1 the cosine of the same angle.&lt;/p&gt;&lt;h3&gt;The window&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;Controls&lt;/b&gt; (left): d_model, max_len and base, the library whose convention you follow, the selected position and offset k. Every view follows them.&lt;/li&gt;&lt;li&gt;&lt;b&gt;The stage&lt;/b&gt; (middle): the view chosen in the bar above it, with another view &lt;b&gt;Beside&lt;/b&gt; it when the window has room.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Formula&lt;/b&gt; (bottom left): the numbers behind the cell you selected.&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;Hover over a plot to read its values, click to select a position, turn the wheel to zoom and drag to pan. &lt;b&gt;Space&lt;/b&gt; plays the sweep of the position (or of the offset) through every view; &lt;b&gt;F5&lt;/b&gt; presents the chosen view alone at a size a room can read.&lt;/p&gt;&lt;h3&gt;The views&lt;/h3&gt;</source>
        <translation>&lt;h2&gt;PE Explorer 导览&lt;/h2&gt;&lt;p&gt;Transformer 给每个词的嵌入加上一个向量，用来表示这个词所在的位置。正弦位置编码用正弦和余弦构造这个向量：第 &lt;i&gt;pos&lt;/i&gt; 行的第 2i 列是 sin(pos / base&lt;sup&gt;2i/d&lt;/sup&gt;)，第 2i+1 列是同一角度的余弦。&lt;/p&gt;&lt;h3&gt;窗口&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;&lt;b&gt;控制&lt;/b&gt;（左侧）：d_model、max_len 和 base，所遵循的库的约定，选中的位置和偏移 k。所有视图都跟随它们。&lt;/li&gt;&lt;li&gt;&lt;b&gt;舞台&lt;/b&gt;（中间）：在上方视图栏中选择的视图；窗口足够宽时，&lt;b&gt;旁边&lt;/b&gt;再显示另一个视图。&lt;/li&gt;&lt;li&gt;&lt;b&gt;公式&lt;/b&gt;（左下）：所选单元格背后的数字。&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;将指针悬停在图上可读出数值，单击选择位置，滚动滚轮缩放，拖动平移。&lt;b&gt;空格&lt;/b&gt;键让位置（或偏移）在所有视图中依次扫过；&lt;b&gt;F5&lt;/b&gt; 单独演示所选视图，大小适合整间教室阅读。&lt;/p&gt;&lt;h3&gt;视图&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Figures and data&lt;/h3&gt;&lt;p&gt;&lt;b&gt;File ▸ Export&lt;/b&gt; writes the view in use as a figure (PDF, SVG, PNG) at a journal&apos;s column width, or its numbers (.npy, .csv); &lt;b&gt;Copy figure&lt;/b&gt; puts it on the clipboard. The same figures come from the command line without a window: &lt;tt&gt;pe-explorer --export figure.pdf --view similarity&lt;/tt&gt; (&lt;tt&gt;pe-explorer --help&lt;/tt&gt; lists every option). &lt;b&gt;File ▸ Open encoding&lt;/b&gt; shows a model&apos;s learned position table instead of the sinusoid.&lt;/p&gt;&lt;p&gt;Help ▸ Keyboard shortcuts lists every key.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;图与数据&lt;/h3&gt;&lt;p&gt;&lt;b&gt;文件 ▸ 导出&lt;/b&gt;将当前视图写成图（PDF、SVG、PNG），宽度符合期刊的栏宽，或写出其数字（.npy、.csv）；&lt;b&gt;复制图&lt;/b&gt;将其放到剪贴板。同样的图也可以在没有窗口的情况下从命令行生成：&lt;tt&gt;pe-explorer --export figure.pdf --view similarity&lt;/tt&gt;（&lt;tt&gt;pe-explorer --help&lt;/tt&gt; 列出所有选项）。&lt;b&gt;文件 ▸ 打开编码&lt;/b&gt;显示模型学到的位置表，而不是正弦编码。&lt;/p&gt;&lt;p&gt;帮助 ▸ 键盘快捷键列出所有按键。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Guide</source>
        <translation>导览</translation>
    </message>
</context>
<context>
    <name>pe::ui::HeadsView</name>
    <message>
        <source>previous-token head</source>
        <translation>前一词元头</translation>
    </message>
    <message>
        <source>first-token sink</source>
        <translation>首词元汇聚</translation>
    </message>
    <message>
        <source>local</source>
        <translation>局部</translation>
    </message>
    <message>
        <source>uniform</source>
        <translation>均匀</translation>
    </message>
    <message>
        <source>mixed</source>
        <translation>混合</translation>
    </message>
    <message>
        <source>attention on the key before %1, on the first key %2, within %3 keys %4; evenness %5; the offset explains %6 % of the scores</source>
        <translation>前一个键上的注意力 %1，第一个键上 %2，最近 %3 个键内 %4；均匀度 %5；偏移解释了分数的 %6 %</translation>
    </message>
    <message>
        <source>No checkpoint is open: File ▸ Open checkpoint… reads a GPT-2, BERT or Llama-family model.safetensors with its config.json (--checkpoint PATH on the command line).</source>
        <translation>尚未打开检查点：文件 ▸ 打开检查点… 读取 GPT-2、BERT 或 Llama 系列的 model.safetensors 及其 config.json（命令行用 --checkpoint PATH）。</translation>
    </message>
    <message>
        <source>--head %1: layer %2 of %3 has %4 heads; allowed: 0 to %5</source>
        <translation>--head %1：%3 的第 %2 层有 %4 个头；允许：0 到 %5</translation>
    </message>
    <message>
        <source>--heads-data amplitudes: the amplitudes are those of the Llama family&apos;s rotated pairs; %1 has none (allowed: scores, attention, kernel)</source>
        <translation>--heads-data amplitudes：幅度属于 Llama 系列的旋转维度对；%1 没有（允许：scores、attention、kernel）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Attention heads of a checkpoint.&lt;/b&gt; What a trained model does with positions, from its own weights (File ▸ Open checkpoint…). For GPT-2 and BERT each tile is one head of the first layer: how much each position (row) attends to each earlier position (column) when only the position vectors go in. A bright line just below the diagonal is a previous-token head; a bright first column, a sink on the first token. For the Llama family position enters only by the rotation: each tile is what a head&apos;s mean query and mean key score at each pair of positions, and the map bottom right shows which frequency pairs each head uses. Click a tile to see that head large.</source>
        <translation>&lt;b&gt;检查点的注意力头。&lt;/b&gt;训练好的模型如何使用位置，直接来自它自己的权重（文件 ▸ 打开检查点…）。对 GPT-2 和 BERT，每个小图是第一层的一个头：只输入位置向量时，每个位置（行）对之前每个位置（列）的注意力。对角线正下方的亮线是前一词元头；第一列发亮是首词元汇聚。Llama 系列的位置只通过旋转进入：每个小图是一个头的平均查询与平均键在每对位置上的分数，右下的图显示每个头使用哪些频率对。点击小图可放大该头。</translation>
    </message>
    <message>
        <source>Key position j</source>
        <translation>键位置 j</translation>
    </message>
    <message>
        <source>Query position i</source>
        <translation>查询位置 i</translation>
    </message>
    <message>
        <source>Offset i − j</source>
        <translation>偏移 i − j</translation>
    </message>
    <message>
        <source>Mean score</source>
        <translation>平均分数</translation>
    </message>
    <message>
        <source>Pair k</source>
        <translation>维度对 k</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>The layer whose heads are drawn. GPT-2 and BERT: layer 0, whose input is the position vectors; the Llama family: any layer, since position enters each by the rotation (--layer)</source>
        <translation>绘制其注意力头的层。GPT-2 和 BERT：第 0 层，其输入是位置向量；Llama 系列：任意层，因为位置通过旋转进入每一层（--layer）</translation>
    </message>
    <message>
        <source>&amp;Layer:</source>
        <translation>层(&amp;L):</translation>
    </message>
    <message>
        <source>The head drawn large; click a tile to choose (--head)</source>
        <translation>放大绘制的头；点击小图选择（--head）</translation>
    </message>
    <message>
        <source>H&amp;ead:</source>
        <translation>头(&amp;E):</translation>
    </message>
    <message>
        <source>positions alone</source>
        <translation>仅位置</translation>
    </message>
    <message>
        <source>positions + mean token</source>
        <translation>位置 + 平均词元</translation>
    </message>
    <message>
        <source>GPT-2 and BERT: the input at each position, its position vector alone or with the mean of the token embeddings added, as an average token would bring (--heads-input)</source>
        <translation>GPT-2 和 BERT：每个位置的输入，仅位置向量，或加上词元嵌入的平均值（相当于一个平均词元）（--heads-input）</translation>
    </message>
    <message>
        <source>&amp;Input:</source>
        <translation>输入(&amp;I):</translation>
    </message>
    <message>
        <source>scores</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>What the large map shows: the scores q·k / √d or the attention, each row&apos;s softmax (causal for GPT-2 and the Llama family); the data export writes it (--heads-data)</source>
        <translation>大图显示的内容：分数 q·k / √d，或注意力（每行的 softmax；GPT-2 与 Llama 系列为因果）；数据导出写出它（--heads-data）</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>显示(&amp;S):</translation>
    </message>
    <message>
        <source>Attention heads
%1</source>
        <translation>注意力头
%1</translation>
    </message>
    <message>
        <source>score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source> · each pixel the mean of %1 cells</source>
        <translation> · 每个像素是 %1 个单元的均值</translation>
    </message>
    <message>
        <source>head %1 %2%3</source>
        <translation>头 %1 %2%3</translation>
    </message>
    <message>
        <source>head %1 %2</source>
        <translation>头 %1 %2</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>head %1: %2</source>
        <translation>头 %1：%2</translation>
    </message>
    <message>
        <source>; strongest pair %1 (wavelength %2)</source>
        <translation>；最强维度对 %1（波长 %2）</translation>
    </message>
    <message>
        <source>mean query and key of the vocabulary</source>
        <translation>词表的平均查询与键</translation>
    </message>
    <message>
        <source>every head</source>
        <translation>所有头</translation>
    </message>
    <message>
        <source>amplitude</source>
        <translation>幅度</translation>
    </message>
    <message>
        <source>head %1: %2 (click to draw it large)</source>
        <translation>头 %1：%2（点击放大）</translation>
    </message>
    <message>
        <source>query %1, key %2 (offset %3): %4 %5</source>
        <translation>查询 %1，键 %2（偏移 %3）：%4 %5</translation>
    </message>
    <message>
        <source>queries %1–%2, keys %3–%4: mean %5 %6</source>
        <translation>查询 %1–%2，键 %3–%4：平均%5 %6</translation>
    </message>
    <message>
        <source>offset %1: head %2&apos;s mean score %3</source>
        <translation>偏移 %1：头 %2 的平均分数 %3</translation>
    </message>
    <message>
        <source>head %1, pair %2 (wavelength %3): amplitude %4</source>
        <translation>头 %1，维度对 %2（波长 %3）：幅度 %4</translation>
    </message>
    <message>
        <source>%1 on the key before</source>
        <translation>前一个键上 %1</translation>
    </message>
    <message>
        <source>%1 on the first key</source>
        <translation>第一个键上 %1</translation>
    </message>
    <message>
        <source>%1 within %2 keys</source>
        <translation>最近 %2 个键内 %1</translation>
    </message>
    <message>
        <source>evenness %1</source>
        <translation>均匀度 %1</translation>
    </message>
    <message>
        <source>%1 within %2 keys, evenness %3</source>
        <translation>最近 %2 个键内 %1，均匀度 %3</translation>
    </message>
    <message>
        <source>--layer %1: the model has %2 layers; allowed: 0 to %3</source>
        <translation>--layer %1：模型有 %2 层；允许：0 到 %3</translation>
    </message>
    <message>
        <source>Attention heads: %1 (%2)
layer %3 · %4 heads · L = %5 · %6</source>
        <translation>注意力头：%1（%2）
第 %3 层 · %4 个头 · L = %5 · %6</translation>
    </message>
    <message>
        <source>layers × heads</source>
        <translation>层 × 头</translation>
    </message>
    <message>
        <source>head %1, %2 (%3)</source>
        <translation>头 %1，%2（%3）</translation>
    </message>
    <message>
        <source>%1 · mean score per offset; the offset explains %2 % of the scores</source>
        <translation>%1 · 每个偏移的平均分数；偏移解释了分数的 %2 %</translation>
    </message>
    <message>
        <source>%1 · the offset explains %2 %</source>
        <translation>%1 · 偏移解释了 %2 %</translation>
    </message>
    <message>
        <source>head %1, %2</source>
        <translation>头 %1，%2</translation>
    </message>
    <message>
        <source>Wavelength of pair k</source>
        <translation>维度对 k 的波长</translation>
    </message>
    <message>
        <source>amplitude |q̄_k|·|k̄_k| per head and pair k = 0 … %1</source>
        <translation>每个头和维度对 k = 0 … %1 的幅度 |q̄_k|·|k̄_k|</translation>
    </message>
    <message>
        <source>amplitude per pair</source>
        <translation>每个维度对的幅度</translation>
    </message>
    <message>
        <source>layer %1, head %2 (click to draw it large)</source>
        <translation>第 %1 层，头 %2（点击放大显示）</translation>
    </message>
    <message>
        <source>every head&apos;s scores: layers 0–%1 down, heads 0–%2 across</source>
        <translation>所有头的分数：纵向为第 0–%1 层，横向为第 0–%2 个头</translation>
    </message>
    <message>
        <source>layers ↓ × heads →</source>
        <translation>层 ↓ × 头 →</translation>
    </message>
    <message>
        <source>every head&apos;s scores</source>
        <translation>所有头的分数</translation>
    </message>
    <message>
        <source>every head&apos;s attention</source>
        <translation>所有头的注意力</translation>
    </message>
</context>
<context>
    <name>pe::ui::HeatmapView</name>
    <message>
        <source>&lt;b&gt;Encoding heatmap.&lt;/b&gt; Each row is the vector added to the word at that position; each column is one dimension. Even columns hold a sine, odd ones a cosine, and each pair of columns turns slower than the one before it — so the left side changes fast from row to row and the right side hardly at all. Hover for the formula with its numbers; click to select.</source>
        <translation>&lt;b&gt;编码热力图。&lt;/b&gt;每一行是加到该位置上的词的向量；每一列是一个维度。偶数列为正弦，奇数列为余弦，每一对列都比前一对转得更慢——因此左侧逐行变化很快，右侧几乎不变。悬停可查看带数值的公式；点击以选择。</translation>
    </message>
    <message>
        <source>PE value</source>
        <translation>PE 值</translation>
    </message>
    <message>
        <source>Embedding dimension</source>
        <translation>嵌入维度</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>position %1 · dimension %2 (pair %3, %4) · wavelength %5 · value %6
PE(%1, %2) = %4(%1 / %7^(%8)) = %4(%1 × %9) = %4(%10) = %6</source>
        <translation>位置 %1 · 维度 %2（第 %3 对，%4）· 波长 %5 · 值 %6
PE(%1, %2) = %4(%1 / %7^(%8)) = %4(%1 × %9) = %4(%10) = %6</translation>
    </message>
    <message>
        <source>Position (%1 per pixel; zoom in for cells)</source>
        <translation>位置（每像素 %1 个；放大可看到单元格）</translation>
    </message>
    <message>
        <source>Embedding dimension (%1 per pixel)</source>
        <translation>嵌入维度（每像素 %1 个）</translation>
    </message>
    <message>
        <source>Positional encoding
d_model %1 · max_len %2 · base %3
%4 · %5</source>
        <translation>位置编码
d_model %1 · max_len %2 · base %3
%4 · %5</translation>
    </message>
    <message>
        <source>position %1 · dimension %2 · the zero column that ends tensor2tensor&apos;s odd d_model · PE(%1, %2) = %3</source>
        <translation>位置 %1 · 维度 %2 · tensor2tensor 奇数 d_model 末尾的零列 · PE(%1, %2) = %3</translation>
    </message>
    <message>
        <source>Row (position)</source>
        <translation>行（位置）</translation>
    </message>
    <message>
        <source>Row (position; %1 per pixel)</source>
        <translation>行（位置；每像素 %1 个）</translation>
    </message>
    <message>
        <source>Column (dimension)</source>
        <translation>列（维度）</translation>
    </message>
    <message>
        <source>Column (dimension; %1 per pixel)</source>
        <translation>列（维度；每像素 %1 个）</translation>
    </message>
    <message>
        <source>colour %1 to %2 (data range)</source>
        <translation>颜色 %1 到 %2（数据范围）</translation>
    </message>
    <message>
        <source>colour ±%1 (symmetric)</source>
        <translation>颜色 ±%1（对称）</translation>
    </message>
    <message>
        <source>Loaded table
%1
%2 · %3</source>
        <translation>已加载的表
%1
%2 · %3</translation>
    </message>
    <message>
        <source> · %1 non-finite values (transparent)</source>
        <translation> · %1 个非有限值（透明）</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>row %1 · column %2 · value %3</source>
        <translation>第 %1 行 · 第 %2 列 · 值 %3</translation>
    </message>
    <message>
        <source>Row (position; 1 row sampled of %1 per pixel)</source>
        <translation>行（位置；每像素从 %1 行中抽取 1 行）</translation>
    </message>
    <message>
        <source>Loaded table: preview while the pass over its values runs
%1
%2 · %3 of %4 sampled rows · exact averages when it is done</source>
        <translation>已载入的表：扫描全部数值期间的预览
%1
%2 · %3（取自 %4 个抽样行）· 扫描完成后显示精确平均值</translation>
    </message>
    <message>
        <source>&lt;b&gt;Loaded position table.&lt;/b&gt; Each row is the vector a model learned for that position; each column is one dimension. Columns that change smoothly down the rows are waves the model found, like the sinusoid&apos;s bands. Hover for a cell&apos;s value; File ▸ Close encoding returns to the sinusoid.</source>
        <translation>&lt;b&gt;已加载的位置表。&lt;/b&gt;每一行是模型为该位置学习到的向量；每一列是一个维度。沿行向下平滑变化的列是模型找到的波，就像正弦编码的频带。悬停可查看单元格的值；文件 ▸ 关闭编码 可回到正弦编码。</translation>
    </message>
    <message>
        <source>row %1 · column %2</source>
        <translation>第 %1 行 · 第 %2 列</translation>
    </message>
    <message>
        <source>row %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>rows %1–%2</source>
        <translation>第 %1–%2 行</translation>
    </message>
    <message>
        <source>column %1</source>
        <translation>第 %1 列</translation>
    </message>
    <message>
        <source>columns %1–%2</source>
        <translation>第 %1–%2 列</translation>
    </message>
    <message>
        <source>%1 · %2 · value %3 (a sampled row until the pass over the values is done)</source>
        <translation>%1 · %2 · 值 %3（扫描完全部数值之前为一个抽样行）</translation>
    </message>
    <message>
        <source>%1 · %2 · value %3 (the mean of the cells under this pixel)</source>
        <translation>%1 · %2 · 值 %3（此像素下各单元格的均值）</translation>
    </message>
    <message>
        <source>selected: %1</source>
        <translation>选中：%1</translation>
    </message>
</context>
<context>
    <name>pe::ui::Language</name>
    <message>
        <source>&amp;Language / 语言</source>
        <translation>语言 / Language(&amp;L)</translation>
    </message>
</context>
<context>
    <name>pe::ui::MainWindow</name>
    <message>
        <source>PE Explorer — sinusoidal positional encoding</source>
        <translation>PE Explorer — 正弦位置编码</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>控制</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Save a view as a PDF, SVG or PNG figure, or its data as .npy or .csv</source>
        <translation>将视图保存为 PDF、SVG 或 PNG 图，或将其数据保存为 .npy 或 .csv</translation>
    </message>
    <message>
        <source>&amp;Copy figure</source>
        <translation>复制图(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Reset to &amp;defaults</source>
        <translation>恢复默认值(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>For projectors: larger fonts and thicker lines, only the main controls, no explanations (F5)</source>
        <translation>用于投影：更大的字体和更粗的线条，只显示主要控件，不显示说明（F5）</translation>
    </message>
    <message>
        <source>&amp;Animation</source>
        <translation>动画(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About PE Explorer</source>
        <translation>关于 PE Explorer(&amp;A)</translation>
    </message>
    <message>
        <source>About PE Explorer</source>
        <translation>关于 PE Explorer</translation>
    </message>
    <message>
        <source>&lt;h3&gt;PE Explorer %1&lt;/h3&gt;&lt;p&gt;See and explore the sinusoidal positional encoding of Transformers: PE(pos, 2i) = sin(pos / base&lt;sup&gt;2i/d&lt;/sup&gt;), PE(pos, 2i+1) = cos(pos / base&lt;sup&gt;2i/d&lt;/sup&gt;).&lt;/p&gt;</source>
        <translation>&lt;h3&gt;PE Explorer %1&lt;/h3&gt;&lt;p&gt;查看并探索 Transformer 的正弦位置编码：PE(pos, 2i) = sin(pos / base&lt;sup&gt;2i/d&lt;/sup&gt;)，PE(pos, 2i+1) = cos(pos / base&lt;sup&gt;2i/d&lt;/sup&gt;)。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Language changed; the undo history starts afresh.</source>
        <translation>语言已切换；撤销历史重新开始。</translation>
    </message>
    <message>
        <source>d_model %1 · max_len %2 · base %3 · position %4 · offset %5</source>
        <translation>d_model %1 · max_len %2 · base %3 · 位置 %4 · 偏移 %5</translation>
    </message>
    <message>
        <source> · computing…</source>
        <translation> · 计算中…</translation>
    </message>
    <message>
        <source>Put the figure of the view in use and the command that re-makes it on the clipboard</source>
        <translation>将当前视图的图形及重新生成它的命令复制到剪贴板</translation>
    </message>
    <message>
        <source>Reset &amp;layout</source>
        <translation>重置布局(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Explanations above the plots</source>
        <translation>图上方的说明(&amp;E)</translation>
    </message>
    <message>
        <source>The paragraph each view opens with: hide it to give the plots its height (Ctrl+F1)</source>
        <translation>每个视图开头的说明段落：隐藏它，把高度让给图（Ctrl+F1）</translation>
    </message>
    <message>
        <source>Preferences not saved</source>
        <translation>偏好设置未保存</translation>
    </message>
    <message>
        <source>Put the %1 view on the stage</source>
        <translation>将%1视图放到舞台上</translation>
    </message>
    <message>
        <source>&amp;Next view</source>
        <translation>下一个视图(&amp;N)</translation>
    </message>
    <message>
        <source>Pre&amp;vious view</source>
        <translation>上一个视图(&amp;V)</translation>
    </message>
    <message>
        <source>Put every panel back where it was at the first start, the heatmap on the stage</source>
        <translation>将所有面板恢复到首次启动时的位置，舞台上显示热图</translation>
    </message>
    <message>
        <source>Put the %1 view on the stage (%2)</source>
        <translation>将%1视图放到舞台上（%2）</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts…</source>
        <translation>键盘快捷键(&amp;K)…</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <source>Open the folder the export wrote to in the file manager</source>
        <translation>在文件管理器中打开导出所写入的文件夹</translation>
    </message>
    <message>
        <source>No file manager could open %1</source>
        <translation>没有文件管理器能打开 %1</translation>
    </message>
    <message>
        <source>Wrote %1 in %2</source>
        <translation>已将 %1 写入 %2</translation>
    </message>
    <message>
        <source>&amp;Guide…</source>
        <translation>导览(&amp;G)…</translation>
    </message>
    <message>
        <source>A short tour of the window and of every view</source>
        <translation>窗口和每个视图的简短导览</translation>
    </message>
    <message>
        <source>Next &amp;region</source>
        <translation>下一区域(&amp;R)</translation>
    </message>
    <message>
        <source>The keyboard&apos;s focus to the next part of the window: the bar of views, the view&apos;s controls, its plot, the view beside it, the panels (F6; Shift+F6 goes back)</source>
        <translation>键盘焦点移到窗口的下一部分：视图栏、视图的控件、其图表、旁边的视图、面板（F6；Shift+F6 返回）</translation>
    </message>
    <message>
        <source>Previous re&amp;gion</source>
        <translation>上一区域(&amp;G)</translation>
    </message>
</context>
<context>
    <name>pe::ui::Methods</name>
    <message>
        <source>sinusoidal PE·PE</source>
        <translation>正弦 PE·PE</translation>
    </message>
    <message>
        <source>RoPE q·k</source>
        <translation>RoPE q·k</translation>
    </message>
    <message>
        <source>ALiBi</source>
        <translation>ALiBi</translation>
    </message>
    <message>
        <source>T5 buckets</source>
        <translation>T5 分桶</translation>
    </message>
    <message>
        <source>Shaw (clipped)</source>
        <translation>Shaw（截断）</translation>
    </message>
    <message>
        <source>Transformer-XL</source>
        <translation>Transformer-XL</translation>
    </message>
    <message>
        <source>NoPE</source>
        <translation>NoPE</translation>
    </message>
    <message>
        <source>learned absolute</source>
        <translation>学习的绝对位置</translation>
    </message>
    <message>
        <source>the learned table has %1 positions; max_len %2 needs as many</source>
        <translation>学习的位置表有 %1 个位置；max_len %2 需要同样多</translation>
    </message>
    <message>
        <source>the biases from %1 have %2 buckets; num_buckets is %3 (set it to %2, or use random biases)</source>
        <translation>%1 中的偏置有 %2 个桶；num_buckets 为 %3（请设为 %2，或使用随机偏置）</translation>
    </message>
    <message>
        <source>%1: %2 is not a T5 bias table; allowed: %3 to %4 buckets (rows) × 1 to %5 heads (columns), like T5&apos;s relative_attention_bias.weight (32 × 8 in t5-small)</source>
        <translation>%1：%2 不是 T5 偏置表；允许：%3 到 %4 个桶（行）× 1 到 %5 个头（列），如 T5 的 relative_attention_bias.weight（t5-small 中为 32 × 8）</translation>
    </message>
    <message>
        <source>%1: a bias is not finite (NaN or ±inf); every bias must be a number</source>
        <translation>%1：有偏置不是有限数（NaN 或 ±inf）；每个偏置都必须是数字</translation>
    </message>
    <message>
        <source>the learned absolute method scores a model&apos;s own position table P as P(i)·P(j): open one with File ▸ Open encoding… or --encoding FILE (at most %1 values)</source>
        <translation>学习的绝对位置方法以 P(i)·P(j) 为模型自己的位置表 P 打分：用 文件 ▸ 打开编码… 或 --encoding FILE 打开一个（最多 %1 个值）</translation>
    </message>
</context>
<context>
    <name>pe::ui::MethodsView</name>
    <message>
        <source>bias −m·|i − j|</source>
        <translation>偏置 −m·|i − j|</translation>
    </message>
    <message>
        <source>bucket of j − i</source>
        <translation>j − i 的桶</translation>
    </message>
    <message>
        <source>bias of the bucket</source>
        <translation>桶的偏置</translation>
    </message>
    <message>
        <source>clip(j − i, ±k)</source>
        <translation>clip(j − i, ±k)</translation>
    </message>
    <message>
        <source>(q + v)·R_{i−j}</source>
        <translation>(q + v)·R_{i−j}</translation>
    </message>
    <message>
        <source>added score</source>
        <translation>附加分数</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <source>both ways</source>
        <translation>双向</translation>
    </message>
    <message>
        <source>d_model %1 · base %2</source>
        <translation>d_model %1 · base %2</translation>
    </message>
    <message>
        <source>d_model %1 · base %2 · fixed random q, k</source>
        <translation>d_model %1 · base %2 · 固定的随机 q、k</translation>
    </message>
    <message>
        <source>H = %1 heads, their mean slope %2 · %3</source>
        <translation>H = %1 个头，平均斜率 %2 · %3</translation>
    </message>
    <message>
        <source>head %1 of H = %2: slope m = %3 · %4</source>
        <translation>H = %2 个头中的第 %1 个：斜率 m = %3 · %4</translation>
    </message>
    <message>
        <source>both ways (encoder)</source>
        <translation>双向（编码器）</translation>
    </message>
    <message>
        <source>causal (decoder)</source>
        <translation>因果（解码器）</translation>
    </message>
    <message>
        <source>k = %1 · %2</source>
        <translation>k = %1 · %2</translation>
    </message>
    <message>
        <source>d_model %1 · base %2 · %3</source>
        <translation>d_model %1 · base %2 · %3</translation>
    </message>
    <message>
        <source>the causal mask alone</source>
        <translation>仅因果掩码</translation>
    </message>
    <message>
        <source>a loaded table</source>
        <translation>已加载的表</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sinusoidal&lt;/b&gt; (Vaswani et al., &lt;i&gt;Attention Is All You Need&lt;/i&gt;, 2017): the encoding is added to the word vectors, so a score meets PE(i)·PE(j) — a ripple that depends on i − j alone but does not fall steadily with distance, and that the model must learn to read through its weights.</source>
        <translation>&lt;b&gt;正弦&lt;/b&gt;（Vaswani 等，&lt;i&gt;Attention Is All You Need&lt;/i&gt;，2017）：编码加到词向量上，因此分数中含有 PE(i)·PE(j)——一种只取决于 i − j 的波纹，但它并不随距离稳定下降，模型必须通过权重学会解读它。</translation>
    </message>
    <message>
        <source>&lt;b&gt;RoPE&lt;/b&gt; (Su et al., &lt;i&gt;RoFormer&lt;/i&gt;, 2021): queries and keys are turned by their position, so q&lt;sub&gt;i&lt;/sub&gt;·k&lt;sub&gt;j&lt;/sub&gt; depends on i − j only. Shown for a fixed random q and k (those of the RoPE view&apos;s check): on average the score decays with distance.</source>
        <translation>&lt;b&gt;RoPE&lt;/b&gt;（Su 等，&lt;i&gt;RoFormer&lt;/i&gt;，2021）：查询和键按其位置旋转，因此 q&lt;sub&gt;i&lt;/sub&gt;·k&lt;sub&gt;j&lt;/sub&gt; 只取决于 i − j。这里用固定的随机 q 和 k（与 RoPE 视图中的检验相同）：平均而言，分数随距离衰减。</translation>
    </message>
    <message>
        <source>&lt;b&gt;ALiBi&lt;/b&gt; (Press, Smith and Lewis, &lt;i&gt;Train Short, Test Long&lt;/i&gt;, 2022): no encoding at all; each head h adds −m&lt;sub&gt;h&lt;/sub&gt;·|i − j| to its scores, with slopes m&lt;sub&gt;h&lt;/sub&gt; = 2&lt;sup&gt;−8h/H&lt;/sup&gt; (for H not a power of two, the paper&apos;s interleaving). A straight penalty that extends to any length.</source>
        <translation>&lt;b&gt;ALiBi&lt;/b&gt;（Press、Smith 和 Lewis，&lt;i&gt;Train Short, Test Long&lt;/i&gt;，2022）：完全没有编码；每个头 h 在分数上加 −m&lt;sub&gt;h&lt;/sub&gt;·|i − j|，斜率 m&lt;sub&gt;h&lt;/sub&gt; = 2&lt;sup&gt;−8h/H&lt;/sup&gt;（H 不是 2 的幂时，按论文的交错规则）。一条可延伸到任意长度的直线惩罚。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Shaw et al.&lt;/b&gt; (&lt;i&gt;Self-Attention with Relative Position Representations&lt;/i&gt;, 2018): a learned vector per relative position j − i, clipped to ±k: beyond k positions every distance looks the same. The matrix shows the clipped distance, the index of the vector used.</source>
        <translation>&lt;b&gt;Shaw 等&lt;/b&gt;（&lt;i&gt;Self-Attention with Relative Position Representations&lt;/i&gt;，2018）：每个相对位置 j − i 一个学习的向量，截断到 ±k：超过 k 个位置，所有距离看起来都一样。矩阵显示截断后的距离，即所用向量的索引。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Transformer-XL&lt;/b&gt; (Dai et al., 2019): the score gets the sinusoid of the distance i − j, R&lt;sub&gt;i−j&lt;/sub&gt;, through q·R (term b) and a learned v·R (term d; u goes with the content term c). Shown with W&lt;sub&gt;R&lt;/sub&gt; = I and fixed random q and v.</source>
        <translation>&lt;b&gt;Transformer-XL&lt;/b&gt;（Dai 等，2019）：分数通过 q·R（项 b）和学习的 v·R（项 d；u 属于内容项 c）获得距离 i − j 的正弦编码 R&lt;sub&gt;i−j&lt;/sub&gt;。这里取 W&lt;sub&gt;R&lt;/sub&gt; = I，q 和 v 为固定的随机向量。</translation>
    </message>
    <message>
        <source>&lt;b&gt;NoPE&lt;/b&gt; (Kazemnejad et al., &lt;i&gt;The Impact of Positional Encoding on Length Generalization&lt;/i&gt;, 2023): no position information at all; a causal model still tells positions apart, because each query sees only the keys up to itself (blank: masked).</source>
        <translation>&lt;b&gt;NoPE&lt;/b&gt;（Kazemnejad 等，&lt;i&gt;The Impact of Positional Encoding on Length Generalization&lt;/i&gt;，2023）：完全没有位置信息；因果模型仍能区分位置，因为每个查询只能看到它自己及之前的键（空白：被掩码）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Learned absolute&lt;/b&gt; (BERT, GPT-2): a trained table P of one vector per position, added like the sinusoid; its scores are P(i)·P(j). Needs a model&apos;s table to be opened.</source>
        <translation>&lt;b&gt;学习的绝对位置&lt;/b&gt;（BERT、GPT-2）：训练得到的表 P，每个位置一个向量，像正弦编码一样相加；其分数为 P(i)·P(j)。需要打开模型的表。</translation>
    </message>
    <message>
        <source>Key position j</source>
        <translation>键位置 j</translation>
    </message>
    <message>
        <source>Query position i</source>
        <translation>查询位置 i</translation>
    </message>
    <message>
        <source>Distance i − j (query − key)</source>
        <translation>距离 i − j（查询 − 键）</translation>
    </message>
    <message>
        <source>The method whose score matrix is drawn (--method on the command line)</source>
        <translation>绘制其分数矩阵的方法（命令行的 --method）</translation>
    </message>
    <message>
        <source>&amp;Method:</source>
        <translation>方法(&amp;M)：</translation>
    </message>
    <message>
        <source>Curves</source>
        <translation>曲线</translation>
    </message>
    <message>
        <source>The methods whose score against i − j is overlaid below the matrix</source>
        <translation>在矩阵下方叠加其分数随 i − j 变化曲线的方法</translation>
    </message>
    <message>
        <source>Scale curves</source>
        <translation>缩放曲线</translation>
    </message>
    <message>
        <source>Divide each curve by its largest |value|, so that their shapes compare on one axis</source>
        <translation>每条曲线除以其最大 |值|，以便在同一坐标轴上比较形状</translation>
    </message>
    <message>
        <source>Causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <source>ALiBi, Shaw and Transformer-XL: mask the keys after the query, as a decoder does (NoPE always does; T5 has its own switch)</source>
        <translation>ALiBi、Shaw 和 Transformer-XL：像解码器一样掩码查询之后的键（NoPE 总是如此；T5 有自己的开关）</translation>
    </message>
    <message>
        <source>ALiBi: the number of heads H; the slopes are 2^(−8h/H), interleaved for H not a power of two</source>
        <translation>ALiBi：头数 H；斜率为 2^(−8h/H)，H 不是 2 的幂时交错取值</translation>
    </message>
    <message>
        <source>head </source>
        <translation>头 </translation>
    </message>
    <message>
        <source>every head</source>
        <translation>所有头</translation>
    </message>
    <message>
        <source>ALiBi: the head drawn (1 has the steepest slope); “every head” draws each head&apos;s curve and their mean slope in the matrix</source>
        <translation>ALiBi：绘制的头（1 的斜率最陡）；“所有头”绘制每个头的曲线，矩阵中用它们的平均斜率</translation>
    </message>
    <message>
        <source>&amp;Heads:</source>
        <translation>头数(&amp;H)：</translation>
    </message>
    <message>
        <source>T5: the number of buckets (relative_attention_num_buckets, 32 in T5)</source>
        <translation>T5：桶的数量（relative_attention_num_buckets，T5 中为 32）</translation>
    </message>
    <message>
        <source>max distance </source>
        <translation>最大距离 </translation>
    </message>
    <message>
        <source>T5: distances from this on share the last bucket (relative_attention_max_distance, 128); at least the number of buckets</source>
        <translation>T5：从此距离起共用最后一个桶（relative_attention_max_distance，128）；至少等于桶的数量</translation>
    </message>
    <message>
        <source>Both ways</source>
        <translation>双向</translation>
    </message>
    <message>
        <source>T5: an encoder&apos;s buckets, half for keys before and half for keys after the query; off: a decoder&apos;s, keys after the query masked</source>
        <translation>T5：编码器的分桶，一半给查询之前的键，一半给之后的键；关闭：解码器的分桶，查询之后的键被掩码</translation>
    </message>
    <message>
        <source>Bucket index</source>
        <translation>桶索引</translation>
    </message>
    <message>
        <source>&amp;Buckets:</source>
        <translation>桶数(&amp;B)：</translation>
    </message>
    <message>
        <source>Shaw: relative positions beyond ±k share the outermost vector</source>
        <translation>Shaw：超过 ±k 的相对位置共用最外侧的向量</translation>
    </message>
    <message>
        <source>&amp;Clip:</source>
        <translation>截断(&amp;C)：</translation>
    </message>
    <message>
        <source>&lt;b&gt;Position methods side by side.&lt;/b&gt; What each method adds to the score of query i and key j before the softmax: the matrix for the method chosen, the curves against i − j for the ticked ones. </source>
        <translation>&lt;b&gt;位置方法对比。&lt;/b&gt;每种方法在 softmax 之前给查询 i 与键 j 的分数加上什么：矩阵显示所选方法，曲线显示勾选的方法随 i − j 的变化。</translation>
    </message>
    <message>
        <source>Position methods: %1
</source>
        <translation>位置方法：%1
</translation>
    </message>
    <message>
        <source>L = %1 · %2</source>
        <translation>L = %1 · %2</translation>
    </message>
    <message>
        <source>cells average %1 × %1 pairs</source>
        <translation>每个单元格平均 %1 × %1 对</translation>
    </message>
    <message>
        <source>each cell is the exact average of %1 × %1 pairs</source>
        <translation>每个单元格是 %1 × %1 对的精确平均值</translation>
    </message>
    <message>
        <source>ALiBi (each head)</source>
        <translation>ALiBi（每个头）</translation>
    </message>
    <message>
        <source>score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已掩码</translation>
    </message>
    <message>
        <source>query i = %1, key j = %2 (i − j = %3): %4 = %5</source>
        <translation>查询 i = %1，键 j = %2（i − j = %3）：%4 = %5</translation>
    </message>
    <message>
        <source>i in %1, j in %2: average %3 = %4 (masked pairs left out)</source>
        <translation>i 属于 %1，j 属于 %2：平均 %3 = %4（不计被掩码的对）</translation>
    </message>
    <message>
        <source>scaled score</source>
        <translation>缩放后的分数</translation>
    </message>
    <message>
        <source>random biases</source>
        <translation>随机偏置</translation>
    </message>
    <message>
        <source>biases of %1, head %2 of %3</source>
        <translation>%1 的偏置，第 %2 个头（共 %3 个）</translation>
    </message>
    <message>
        <source>biases of %1</source>
        <translation>%1 的偏置</translation>
    </message>
    <message>
        <source>%1 buckets · max_distance %2 · %3 · %4</source>
        <translation>%1 个桶 · max_distance %2 · %3 · %4</translation>
    </message>
    <message>
        <source>T5: show the bucket of j − i instead of its bias</source>
        <translation>T5：显示 j − i 所在的桶，而不是它的偏置</translation>
    </message>
    <message>
        <source>T5: the bias of each bucket — random for the illustration, or a model&apos;s own relative_attention_bias (buckets × heads) from a .npy, .safetensors or .csv file</source>
        <translation>T5：每个桶的偏置——示意用的随机值，或从 .npy、.safetensors 或 .csv 文件读取的模型自己的 relative_attention_bias（桶 × 头）</translation>
    </message>
    <message>
        <source>Load from a file…</source>
        <translation>从文件载入…</translation>
    </message>
    <message>
        <source>Random (the illustration&apos;s)</source>
        <translation>随机（示意用）</translation>
    </message>
    <message>
        <source>T5: the head whose biases are drawn (a column of the loaded table)</source>
        <translation>T5：绘制哪个头的偏置（载入表格的一列）</translation>
    </message>
    <message>
        <source>Biases: %1</source>
        <translation>偏置：%1</translation>
    </message>
    <message>
        <source>Biases: random</source>
        <translation>偏置：随机</translation>
    </message>
    <message>
        <source>&lt;b&gt;T5 relative buckets&lt;/b&gt; (Raffel et al., &lt;i&gt;Exploring the Limits of Transfer Learning&lt;/i&gt;, 2020): one learned scalar per bucket of j − i — exact buckets for small distances, log-spaced ones up to max_distance, one bucket for everything farther. The biases are fixed random numbers, or a model&apos;s own (Biases ▸ Load from a file…).</source>
        <translation>&lt;b&gt;T5 相对位置桶&lt;/b&gt;（Raffel 等，&lt;i&gt;Exploring the Limits of Transfer Learning&lt;/i&gt;，2020）：j − i 的每个桶一个学习到的标量——小距离各有精确的桶，直到 max_distance 按对数间隔分桶，更远的都归入一个桶。偏置是固定的随机数，或模型自己的（偏置 ▸ 从文件载入…）。</translation>
    </message>
    <message>
        <source>T5: the biases of %1 (%2 buckets × %3 heads); the menu goes back to random ones</source>
        <translation>T5：%1 的偏置（%2 个桶 × %3 个头）；菜单可换回随机偏置</translation>
    </message>
    <message>
        <source>Distance i − j</source>
        <translation>距离 i − j</translation>
    </message>
    <message>
        <source>Head drawn</source>
        <translation>绘制的头</translation>
    </message>
    <message>
        <source>Max distance</source>
        <translation>最大距离</translation>
    </message>
</context>
<context>
    <name>pe::ui::NoteToast</name>
    <message>
        <source>Click to close</source>
        <translation>单击关闭</translation>
    </message>
</context>
<context>
    <name>pe::ui::OffsetView</name>
    <message>
        <source>&lt;b&gt;Relative offset.&lt;/b&gt; Moving k positions ahead turns each (sin, cos) pair around its circle by a fixed angle k·ω, whatever the position p: a rotation M_k takes PE(p) exactly to PE(p+k) (hollow rings on the dots). That is why the dot product PE(p)·PE(p+k), top right, is the same for every p — a model can read off how far apart two words are from their codes alone.</source>
        <translation>&lt;b&gt;相对偏移。&lt;/b&gt;向前移动 k 个位置，会使每个 (sin, cos) 对沿其圆周旋转固定角度 k·ω，与位置 p 无关：旋转 M_k 将 PE(p) 恰好变为 PE(p+k)（圆点上的空心圆环）。因此右上方的点积 PE(p)·PE(p+k) 对每个 p 都相同——模型仅凭编码就能读出两个词相距多远。</translation>
    </message>
    <message>
        <source>PE(p)</source>
        <translation>PE(p)</translation>
    </message>
    <message>
        <source>PE(p+k)</source>
        <translation>PE(p+k)</translation>
    </message>
    <message>
        <source>M_k·PE(p): PE(p) turned by k</source>
        <translation>M_k·PE(p)：PE(p) 旋转 k</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <source>Circles from pair</source>
        <translation>圆圈起始对</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Dimension (of %1)</source>
        <translation>维度（共 %1）</translation>
    </message>
    <message>
        <source>Dimension (%1 in all: drag and wheel to move along)</source>
        <translation>维度（共 %1 个：拖动或滚轮移动）</translation>
    </message>
    <message>
        <source>the same for every p</source>
        <translation>对每个 p 都相同</translation>
    </message>
    <message>
        <source>same for every p</source>
        <translation>每个 p 都相同</translation>
    </message>
    <message>
        <source>same for all p</source>
        <translation>所有 p 相同</translation>
    </message>
    <message>
        <source>same for
all p</source>
        <translation>所有 p
相同</translation>
    </message>
    <message>
        <source>nearly the same for every p</source>
        <translation>对每个 p 几乎相同</translation>
    </message>
    <message>
        <source>nearly the same for all p</source>
        <translation>所有 p 几乎相同</translation>
    </message>
    <message>
        <source>≈ same for all p</source>
        <translation>≈ 所有 p 相同</translation>
    </message>
    <message>
        <source>≈ same for
all p</source>
        <translation>≈ 所有 p
相同</translation>
    </message>
    <message>
        <source>Relative offset · p = %1 · k = %2 · p + k = %3</source>
        <translation>相对偏移 · p = %1 · k = %2 · p + k = %3</translation>
    </message>
    <message>
        <source>beyond max_len: the formula holds anywhere</source>
        <translation>超出 max_len：公式在任何位置都成立</translation>
    </message>
    <message>
        <source>d_model = 1: a single sine · no (sin, cos) pair to turn</source>
        <translation>d_model = 1：只有一个正弦 · 没有可旋转的 (sin, cos) 对</translation>
    </message>
    <message>
        <source>‖M_k·PE(p) − PE(p+k)‖ = %1</source>
        <translation>‖M_k·PE(p) − PE(p+k)‖ = %1</translation>
    </message>
    <message>
        <source>equal up to rounding</source>
        <translation>在舍入误差内相等</translation>
    </message>
    <message>
        <source>full pairs only</source>
        <translation>仅完整的对</translation>
    </message>
    <message>
        <source>showing pairs %1–%2 of %3 · the wheel over the circles pages too</source>
        <translation>显示第 %1–%2 对，共 %3 对 · 在圆圈上滚动滚轮也可翻页</translation>
    </message>
    <message>
        <source>dimension %1 (pair %2, %3) · PE(p) = %4 · PE(p+k) = %5 · M_k·PE(p) = %6</source>
        <translation>维度 %1（第 %2 对，%3）· PE(p) = %4 · PE(p+k) = %5 · M_k·PE(p) = %6</translation>
    </message>
    <message>
        <source> · the unpaired last sine has no cosine to turn with, so M_k cannot match it</source>
        <translation> · 最后一个未配对的正弦没有可一起旋转的余弦，因此 M_k 无法与它对应</translation>
    </message>
    <message>
        <source>p = %1, p + k = %2: PE(p)·PE(p+k) = %3</source>
        <translation>p = %1，p + k = %2：PE(p)·PE(p+k) = %3</translation>
    </message>
    <message>
        <source>d_model = 1 with tensor2tensor&apos;s frequencies: one zero column · nothing to turn</source>
        <translation>使用 tensor2tensor 频率时 d_model = 1：只有一个零列 · 没有可旋转的对</translation>
    </message>
    <message>
        <source>dimension %1 · tensor2tensor&apos;s zero column: 0 at every position, nothing to turn</source>
        <translation>维度 %1 · tensor2tensor 的零列：在每个位置都为 0，不会旋转</translation>
    </message>
</context>
<context>
    <name>pe::ui::PairCircles</name>
    <message>
        <source>d_model = 1 has a single sine column and no (sin, cos) pair to turn.</source>
        <translation>d_model = 1 只有一个正弦列，没有可旋转的 (sin, cos) 对。</translation>
    </message>
    <message>
        <source>k·ω = −0.562</source>
        <translation>k·ω = −0.562</translation>
    </message>
    <message>
        <source>k·ω = %1</source>
        <translation>k·ω = %1</translation>
    </message>
    <message>
        <source>pair %1 (columns %2 sin, %3 cos) · λ = %4 · (sin, cos) at p: %5 · at p + k: %6 · M_k·PE(p): %7 · turned by k·ω = %8 rad%9</source>
        <translation>第 %1 对（第 %2 列 sin，第 %3 列 cos）· λ = %4 · p 处的 (sin, cos)：%5 · p + k 处：%6 · M_k·PE(p)：%7 · 旋转 k·ω = %8 rad%9</translation>
    </message>
    <message>
        <source> (more than a full turn: the dashed chord joins the two points)</source>
        <translation>（超过一整圈：虚线弦连接两点）</translation>
    </message>
    <message>
        <source>pair %1 · λ = %2</source>
        <translation>第 %1 对 · λ = %2</translation>
    </message>
    <message>
        <source>pair %1
λ = %2</source>
        <translation>第 %1 对
λ = %2</translation>
    </message>
</context>
<context>
    <name>pe::ui::PlotView</name>
    <message>
        <source>Export this view…</source>
        <translation>导出此视图…</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 到 %2</translation>
    </message>
    <message>
        <source>colour scale %1 to %2</source>
        <translation>色标 %1 到 %2</translation>
    </message>
    <message>
        <source>curves: %1</source>
        <translation>曲线：%1</translation>
    </message>
    <message>
        <source>1 curve</source>
        <translation>1 条曲线</translation>
    </message>
    <message>
        <source>%1 curves</source>
        <translation>%1 条曲线</translation>
    </message>
    <message>
        <source>no value</source>
        <translation>无值</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>第 %1 个（共 %2 个）</translation>
    </message>
    <message>
        <source>curve %1</source>
        <translation>曲线 %1</translation>
    </message>
    <message>
        <source>%1 rows, %2 columns</source>
        <translation>%1 行，%2 列</translation>
    </message>
</context>
<context>
    <name>pe::ui::PrecisionView</name>
    <message>
        <source>overflow (NaN)</source>
        <translation>溢出（NaN）</translation>
    </message>
    <message>
        <source>%1 (%2 per pixel)</source>
        <translation>%1（每像素 %2 个）</translation>
    </message>
    <message>
        <source>computed end to end</source>
        <translation>全程计算</translation>
    </message>
    <message>
        <source>stored after float64</source>
        <translation>float64 计算后存储</translation>
    </message>
    <message>
        <source>float64 computed (naive)</source>
        <translation>float64 计算（朴素）</translation>
    </message>
    <message>
        <source>%1 computed</source>
        <translation>%1 计算</translation>
    </message>
    <message>
        <source>%1 stored</source>
        <translation>%1 存储</translation>
    </message>
    <message>
        <source>&lt;b&gt;Precision.&lt;/b&gt; How far the encoding is from its exact value when a model holds it in float32, bfloat16 or float16. Stored (dashed): computed in float64, then rounded — half a step of the format, whatever the position. Computed end to end (solid): the angle p·ω itself is rounded, so the error grows with the position: float32 reaches ~1e−3 near 10^4 and ~0.1 near 10^6; bfloat16 and float16 lose whole turns. Raise max_len to 1,000,000 to see the growth.</source>
        <translation>&lt;b&gt;精度。&lt;/b&gt;当模型以 float32、bfloat16 或 float16 保存编码时，它与精确值相差多少。存储（虚线）：以 float64 计算后再舍入——误差为该格式步长的一半，与位置无关。全程计算（实线）：角度 p·ω 本身被舍入，因此误差随位置增长：float32 在 10^4 附近达到约 1e−3，在 10^6 附近约 0.1；bfloat16 和 float16 会丢失整圈。将 max_len 提高到 1,000,000 可看到这种增长。</translation>
    </message>
    <message>
        <source>Heatmap of</source>
        <translation>热力图格式</translation>
    </message>
    <message>
        <source>The number format whose error the heatmap shows (float64: the naive double code)</source>
        <translation>热力图显示其误差的数值格式（float64：朴素的双精度代码）</translation>
    </message>
    <message>
        <source>Computed: every step of the code in that format. Stored: computed exactly, then rounded.</source>
        <translation>计算：代码的每一步都以该格式进行。存储：精确计算后再舍入。</translation>
    </message>
    <message>
        <source>|error|</source>
        <translation>|误差|</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Max |error|</source>
        <translation>最大 |误差|</translation>
    </message>
    <message>
        <source>float64 (naive)</source>
        <translation>float64（朴素）</translation>
    </message>
    <message>
        <source>Error of lower precision
d_model %1 · max_len %2 · base %3</source>
        <translation>低精度的误差
d_model %1 · max_len %2 · base %3</translation>
    </message>
    <message>
        <source>%1 of %2 positions, evenly sampled</source>
        <translation>%2 个位置中均匀抽取 %1 个</translation>
    </message>
    <message>
        <source>every position</source>
        <translation>每个位置</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>largest error over the columns at %1 log-spaced positions · solid: computed, dashed: stored</source>
        <translation>在 %1 个对数间隔的位置上各列的最大误差 · 实线：计算，虚线：存储</translation>
    </message>
    <message>
        <source>largest error over the columns at every position · solid: computed, dashed: stored</source>
        <translation>每个位置上各列的最大误差 · 实线：计算，虚线：存储</translation>
    </message>
    <message>
        <source>solid: computed · dashed: stored</source>
        <translation>实线：计算 · 虚线：存储</translation>
    </message>
    <message>
        <source>— computed  - - stored</source>
        <translation>— 计算  - - 存储</translation>
    </message>
    <message>
        <source>float64, the naive double code</source>
        <translation>float64，朴素的双精度代码</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>|PE in %1 − PE|</source>
        <translation>|%1 中的 PE − PE|</translation>
    </message>
    <message>
        <source>error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>position %1, column %2: |error| = %3 (%4, %5)%6</source>
        <translation>位置 %1，第 %2 列：|误差| = %3（%4，%5）%6</translation>
    </message>
    <message>
        <source> · nearest sampled position</source>
        <translation> · 最近的抽样位置</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>position %1, largest error: %2</source>
        <translation>位置 %1，最大误差：%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Precision of a loaded table.&lt;/b&gt; What storing the table you opened in float32, bfloat16 or float16 would change: each value rounded to the format, |rounded − value|. The error is about half a step of the format at the value&apos;s size, so it follows the values, not the position. A table already stored in a format has no error in it (a float32 file in float32). Each row of the map is the exact mean over the rows it stands for; below, the largest error over the columns at log-spaced rows.</source>
        <translation>&lt;b&gt;载入表格的精度。&lt;/b&gt;把你打开的表格存为 float32、bfloat16 或 float16 会改变什么：每个值舍入到该格式，|舍入值 − 原值|。误差约为该格式在此数值大小处步长的一半，因此随数值而变，而不随位置而变。已按某格式存储的表格在该格式下没有误差（float32 文件存为 float32）。图中每一行是其所代表各行的精确平均；下方是按对数间隔选取的行上各列的最大误差。</translation>
    </message>
    <message>
        <source>Error of storing %1 in lower precision</source>
        <translation>以较低精度存储 %1 的误差</translation>
    </message>
    <message>
        <source>Error of storing %1 in lower precision
%2</source>
        <translation>以较低精度存储 %1 的误差
%2</translation>
    </message>
    <message>
        <source>each map row the exact mean of %1 rows</source>
        <translation>图中每行为 %1 行的精确平均</translation>
    </message>
    <message>
        <source>every row</source>
        <translation>每一行</translation>
    </message>
    <message>
        <source>|value in %1 − value| · %2</source>
        <translation>|%1 中的值 − 原值| · %2</translation>
    </message>
    <message>
        <source>|value in %1 − value|</source>
        <translation>|%1 中的值 − 原值|</translation>
    </message>
    <message>
        <source>largest storage error over the columns at %1 log-spaced rows</source>
        <translation>在 %1 个按对数间隔的行上，各列的最大存储误差</translation>
    </message>
    <message>
        <source>largest storage error over the columns at every row</source>
        <translation>每一行上各列的最大存储误差</translation>
    </message>
    <message>
        <source>largest storage error</source>
        <translation>最大存储误差</translation>
    </message>
    <message>
        <source>stored</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>row %1, column %2: |error| = %3 (%4, stored)%5</source>
        <translation>第 %1 行，第 %2 列：|误差| = %3（%4，存储）%5</translation>
    </message>
    <message>
        <source> · the mean of the rows this map row stands for</source>
        <translation> · 该图行所代表各行的平均</translation>
    </message>
    <message>
        <source>row %1, largest error: %2</source>
        <translation>第 %1 行，最大误差：%2</translation>
    </message>
</context>
<context>
    <name>pe::ui::Preferences</name>
    <message>
        <source>its folder cannot be made</source>
        <translation>无法创建其所在文件夹</translation>
    </message>
    <message>
        <source>its folder is not writable</source>
        <translation>其所在文件夹不可写</translation>
    </message>
    <message>
        <source>the disk refused the write (full?)</source>
        <translation>磁盘拒绝了写入（已满？）</translation>
    </message>
    <message>
        <source>The preferences could not be saved to %1: %2. The file keeps what it held before.</source>
        <translation>无法将偏好设置保存到 %1：%2。该文件保留原有内容。</translation>
    </message>
</context>
<context>
    <name>pe::ui::Recovery</name>
    <message>
        <source>not valid JSON: %1 at byte %2</source>
        <translation>不是有效的 JSON：%1，位于第 %2 字节</translation>
    </message>
    <message>
        <source>not a PE Explorer recovery file</source>
        <translation>不是 PE Explorer 恢复文件</translation>
    </message>
    <message>
        <source>recovery version %1; allowed: %2</source>
        <translation>恢复文件版本为 %1；允许：%2</translation>
    </message>
    <message>
        <source>saved is not a date and time; allowed: ISO 8601, e.g. 2026-11-25T20:14:07.123Z</source>
        <translation>saved 不是日期时间；允许：ISO 8601，例如 2026-11-25T20:14:07.123Z</translation>
    </message>
    <message>
        <source>session_file is not a path; allowed: a text of at most %1 characters</source>
        <translation>session_file 不是路径；允许：最多 %1 个字符的文本</translation>
    </message>
    <message>
        <source>cannot make the recovery folder %1</source>
        <translation>无法创建恢复文件夹 %1</translation>
    </message>
    <message>
        <source>cannot lock a recovery file in %1</source>
        <translation>无法在 %1 中锁定恢复文件</translation>
    </message>
    <message>
        <source>%1: cannot be read</source>
        <translation>%1：无法读取</translation>
    </message>
</context>
<context>
    <name>pe::ui::RecoveryController</name>
    <message>
        <source>Autosave failed: %1: %2</source>
        <translation>自动保存失败：%1：%2</translation>
    </message>
    <message>
        <source>less than a minute ago</source>
        <translation>不到一分钟前</translation>
    </message>
    <message>
        <source>1 minute ago</source>
        <translation>1 分钟前</translation>
    </message>
    <message>
        <source>%1 minutes ago</source>
        <translation>%1 分钟前</translation>
    </message>
    <message>
        <source>%1 hours ago</source>
        <translation>%1 小时前</translation>
    </message>
    <message>
        <source>%1 days ago</source>
        <translation>%1 天前</translation>
    </message>
    <message>
        <source>PE Explorer did not close normally. Its work was saved automatically on %1 (%2): d_model %3, max_len %4, base %5.</source>
        <translation>PE Explorer 上次没有正常关闭。它的工作已于 %1（%2）自动保存：d_model %3，max_len %4，base %5。</translation>
    </message>
    <message>
        <source>It came from the session %1, which is left as it was saved.</source>
        <translation>这些工作来自会话 %1，该文件保持上次保存时的样子。</translation>
    </message>
    <message>
        <source>It showed the table %1.</source>
        <translation>当时显示的是表格 %1。</translation>
    </message>
    <message>
        <source>Restore unsaved work?</source>
        <translation>恢复未保存的工作？</translation>
    </message>
    <message>
        <source>Restore puts back every setting, the views&apos; options, the window&apos;s layout and the table. Not now asks again at the next start; Discard deletes it.</source>
        <translation>“恢复”会还原所有设置、各视图的选项、窗口布局和表格。“以后再说”会在下次启动时再次询问；“丢弃”会将其删除。</translation>
    </message>
    <message>
        <source>1 more window left work behind; it is offered at a later start.</source>
        <translation>还有 1 个窗口留下了工作；将在之后的某次启动时提供。</translation>
    </message>
    <message>
        <source>%1 more windows left work behind; each is offered at a later start.</source>
        <translation>还有 %1 个窗口留下了工作；每个都将在之后的启动时提供。</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>恢复(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>丢弃(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Not now</source>
        <translation>以后再说(&amp;N)</translation>
    </message>
    <message>
        <source>Nothing to restore: no window left unsaved work behind.</source>
        <translation>没有可恢复的内容：没有窗口留下未保存的工作。</translation>
    </message>
    <message>
        <source>Restored the work saved on %1.</source>
        <translation>已恢复于 %1 保存的工作。</translation>
    </message>
    <message>
        <source>No autosave: %1</source>
        <translation>无法自动保存：%1</translation>
    </message>
</context>
<context>
    <name>pe::ui::RopeModelController</name>
    <message>
        <source>Compare with a model configuration</source>
        <translation>与一个模型配置比较</translation>
    </message>
    <message>
        <source>Open model configuration</source>
        <translation>打开模型配置</translation>
    </message>
    <message>
        <source>Model configuration (config.json *.json);;All files (*)</source>
        <translation>模型配置 (config.json *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Model configuration</source>
        <translation>模型配置</translation>
    </message>
    <message>
        <source>Open &amp;model configuration…</source>
        <translation>打开模型配置(&amp;M)…</translation>
    </message>
    <message>
        <source>Show a model&apos;s rotary embedding as its Hugging Face config.json sets it up (RoPE view)</source>
        <translation>按模型的 Hugging Face config.json 显示其旋转位置编码(RoPE 视图)</translation>
    </message>
</context>
<context>
    <name>pe::ui::RopeModelPlot</name>
    <message>
        <source>kept</source>
        <translation>保持</translation>
    </message>
    <message>
        <source>÷ factor</source>
        <translation>÷ 因子</translation>
    </message>
    <message>
        <source>blended</source>
        <translation>混合</translation>
    </message>
    <message>
        <source>faster</source>
        <translation>更快</translation>
    </message>
    <message>
        <source>no scaling</source>
        <translation>无缩放</translation>
    </message>
    <message>
        <source>M-RoPE sections, no scaling</source>
        <translation>M-RoPE 分段,无缩放</translation>
    </message>
    <message>
        <source>unscaled</source>
        <translation>未缩放</translation>
    </message>
    <message>
        <source>theta_original</source>
        <translation>theta_original</translation>
    </message>
    <message>
        <source>theta_max</source>
        <translation>theta_max</translation>
    </message>
    <message>
        <source>B&apos;s theta_max</source>
        <translation>B 的 theta_max</translation>
    </message>
    <message>
        <source>original context %1</source>
        <translation>原始上下文 %1</translation>
    </message>
    <message>
        <source>longest context %1</source>
        <translation>最长上下文 %1</translation>
    </message>
    <message>
        <source>context %1</source>
        <translation>上下文 %1</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>height</source>
        <translation>高</translation>
    </message>
    <message>
        <source>width</source>
        <translation>宽</translation>
    </message>
    <message>
        <source>query cosine</source>
        <translation>查询余弦</translation>
    </message>
    <message>
        <source>scores cosine</source>
        <translation>得分余弦</translation>
    </message>
    <message>
        <source>A = %1 against B = %2: cosine of the rotated query and of the causal scores at each query position</source>
        <translation>A = %1 对 B = %2:各查询位置上旋转后查询与因果得分的余弦</translation>
    </message>
    <message>
        <source>A against B: cosine of the query and of the scores</source>
        <translation>A 对 B:查询与得分的余弦</translation>
    </message>
    <message>
        <source>A against B</source>
        <translation>A 对 B</translation>
    </message>
    <message>
        <source>Query position m (keys at 0 … m)</source>
        <translation>查询位置 m(键位于 0 … m)</translation>
    </message>
    <message>
        <source>Cosine A · B</source>
        <translation>余弦 A · B</translation>
    </message>
    <message>
        <source>Long-term decay at theta_max: RoFormer&apos;s bound of q·k against m − n, up to the longest context</source>
        <translation>theta_max 下的长程衰减:RoFormer 的 q·k 上界随 m − n 变化,直到最长上下文</translation>
    </message>
    <message>
        <source>Decay bound at theta_max</source>
        <translation>theta_max 下的衰减上界</translation>
    </message>
    <message>
        <source>Decay bound</source>
        <translation>衰减上界</translation>
    </message>
    <message>
        <source>Relative distance m − n</source>
        <translation>相对距离 m − n</translation>
    </message>
    <message>
        <source>Relative bound</source>
        <translation>相对上界</translation>
    </message>
    <message>
        <source>%1 against %2</source>
        <translation>%1 对 %2</translation>
    </message>
    <message>
        <source>RoPE of %1</source>
        <translation>%1 的 RoPE</translation>
    </message>
    <message>
        <source>%1 · %2 pairs of a %3-wide head · base %4 · attention factor %5</source>
        <translation>%1 · %3 维注意力头中的 %2 对 · 基数 %4 · 注意力因子 %5</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — from %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — 来自 %2</translation>
    </message>
    <message>
        <source>Fields used: %1</source>
        <translation>使用的字段:%1</translation>
    </message>
    <message>
        <source>At its longest context (%1 tokens): %2 pairs kept, %3 interpolated, %4 blended or with their own factor, %5 faster.</source>
        <translation>在最长上下文(%1 个词元)下:%2 对保持,%3 对插值,%4 对混合或使用各自的因子,%5 对更快。</translation>
    </message>
    <message>
        <source>Attention factor (cos and sin × it): %1</source>
        <translation>注意力因子(cos 与 sin 乘以它):%1</translation>
    </message>
    <message>
        <source> · DeepSeek&apos;s softmax scale × mscale(factor, mscale_all_dim)² = %1</source>
        <translation> · DeepSeek 的 softmax 缩放 × mscale(factor, mscale_all_dim)² = %1</translation>
    </message>
    <message>
        <source>M-RoPE: pairs 0–%1 turn with time, %2–%3 with height, %4–%5 with width.</source>
        <translation>M-RoPE:第 0–%1 对随时间旋转,%2–%3 对随高度,%4–%5 对随宽度。</translation>
    </message>
    <message>
        <source>Sliding-window layers rotate with base %1 instead (rope_local_base_freq), unscaled.</source>
        <translation>滑动窗口层改用基数 %1 旋转(rope_local_base_freq),不缩放。</translation>
    </message>
    <message>
        <source>Pairs interleaved (x&lt;sub&gt;2k&lt;/sub&gt;, x&lt;sub&gt;2k+1&lt;/sub&gt;), as GPT-J. Its weights run with rotate_half&apos;s (x&lt;sub&gt;k&lt;/sub&gt;, x&lt;sub&gt;k+d/2&lt;/sub&gt;) pairs: a random q·k over distances 0–%1 keeps a cosine of %2 with the right scores.</source>
        <translation>交错配对 (x&lt;sub&gt;2k&lt;/sub&gt;, x&lt;sub&gt;2k+1&lt;/sub&gt;),如 GPT-J。其权重若按 rotate_half 的 (x&lt;sub&gt;k&lt;/sub&gt;, x&lt;sub&gt;k+d/2&lt;/sub&gt;) 配对运行:随机 q·k 在距离 0–%1 上与正确得分的余弦为 %2。</translation>
    </message>
    <message>
        <source>Pairs as rotate_half (x&lt;sub&gt;k&lt;/sub&gt;, x&lt;sub&gt;k+d/2&lt;/sub&gt;), as GPT-NeoX and Llama: the same rotation as interleaved pairs under a permutation of the dimensions. Its weights run with interleaved pairs: a random q·k over distances 0–%1 keeps a cosine of %2 with the right scores.</source>
        <translation>按 rotate_half 配对 (x&lt;sub&gt;k&lt;/sub&gt;, x&lt;sub&gt;k+d/2&lt;/sub&gt;),如 GPT-NeoX 与 Llama:与交错配对只差一个维度置换。其权重若按交错配对运行:随机 q·k 在距离 0–%1 上与正确得分的余弦为 %2。</translation>
    </message>
    <message>
        <source>%1 from %2 (of %3)</source>
        <translation>%1 自 %2 起(共 %3)</translation>
    </message>
    <message>
        <source>%1 never</source>
        <translation>%1 从不</translation>
    </message>
    <message>
        <source>Position ids that collide: %1. In float32, the angle m·θ at m = %2 is off by up to %3 rad.</source>
        <translation>位置编号开始重合:%1。float32 下,m = %2 处的角度 m·θ 最多偏差 %3 弧度。</translation>
    </message>
    <message>
        <source>Against %1: scores&apos; cosine %2 at position %3, %4 at %5 (%6 pairs compared).</source>
        <translation>对 %1:得分余弦在位置 %3 为 %2,在 %5 为 %4(比较了 %6 对)。</translation>
    </message>
    <message>
        <source>pair k = %1 · unscaled λ = %2 · theta_original λ = %3 · theta_max λ = %4 (θ × %5) · %6</source>
        <translation>第 k = %1 对 · 未缩放 λ = %2 · theta_original λ = %3 · theta_max λ = %4(θ × %5)· %6</translation>
    </message>
    <message>
        <source>query position %1 · rotated query cosine %2 · causal scores cosine %3</source>
        <translation>查询位置 %1 · 旋转查询余弦 %2 · 因果得分余弦 %3</translation>
    </message>
    <message>
        <source>distance m − n = %1 · bound %2</source>
        <translation>距离 m − n = %1 · 上界 %2</translation>
    </message>
    <message>
        <source>local layers (base %1)</source>
        <translation>局部层(基数 %1)</translation>
    </message>
    <message>
        <source> · A − B angle %1 rad at position %2, %3 rad at %4</source>
        <translation> · A − B 角度差:位置 %2 处 %1 弧度,%4 处 %3 弧度</translation>
    </message>
    <message>
        <source>%1 ids (none from %2)</source>
        <translation>%1 位置编号(自 %2 起无法表示)</translation>
    </message>
    <message>
        <source>%1 ids</source>
        <translation>%1 位置编号</translation>
    </message>
    <message>
        <source>Position ids in low precision: the largest error of any pair&apos;s angle m·θ (float32 arithmetic) per range of positions</source>
        <translation>低精度位置编号:每段位置上任一对的角度 m·θ 的最大误差(float32 运算)</translation>
    </message>
    <message>
        <source>Angle error of low-precision position ids</source>
        <translation>低精度位置编号的角度误差</translation>
    </message>
    <message>
        <source>Angle error</source>
        <translation>角度误差</translation>
    </message>
    <message>
        <source>Position m</source>
        <translation>位置 m</translation>
    </message>
    <message>
        <source>Angle error (rad)</source>
        <translation>角度误差(弧度)</translation>
    </message>
    <message>
        <source>not held</source>
        <translation>无法表示</translation>
    </message>
    <message>
        <source>positions near %1 · largest angle error (rad): float32 %2 · bfloat16 %3 · float16 %4</source>
        <translation>位置约 %1 · 最大角度误差(弧度):float32 %2 · bfloat16 %3 · float16 %4</translation>
    </message>
    <message>
        <source>original %1</source>
        <translation>原始 %1</translation>
    </message>
    <message>
        <source>longest %1</source>
        <translation>最长 %1</translation>
    </message>
</context>
<context>
    <name>pe::ui::RopeView</name>
    <message>
        <source>no scaling</source>
        <translation>不缩放</translation>
    </message>
    <message>
        <source>PI</source>
        <translation>PI</translation>
    </message>
    <message>
        <source>PI: θ/s</source>
        <translation>PI：θ/s</translation>
    </message>
    <message>
        <source>NTK</source>
        <translation>NTK</translation>
    </message>
    <message>
        <source>NTK-aware base</source>
        <translation>NTK 感知 base</translation>
    </message>
    <message>
        <source>YaRN</source>
        <translation>YaRN</translation>
    </message>
    <message>
        <source>Pair index k</source>
        <translation>对索引 k</translation>
    </message>
    <message>
        <source>Wavelength 2π/θ (positions per turn)</source>
        <translation>波长 2π/θ（每圈的位置数）</translation>
    </message>
    <message>
        <source>θ (radians per position)</source>
        <translation>θ（每个位置的弧度）</translation>
    </message>
    <message>
        <source>Relative distance m − n</source>
        <translation>相对距离 m − n</translation>
    </message>
    <message>
        <source>Relative bound</source>
        <translation>相对上界</translation>
    </message>
    <message>
        <source>Context scale s: the model is stretched from L_orig to s·L_orig positions (1 = no stretching)</source>
        <translation>上下文缩放 s：模型从 L_orig 扩展到 s·L_orig 个位置（1 = 不扩展）</translation>
    </message>
    <message>
        <source>The context length the model was trained on; YaRN&apos;s ramp counts the turns of each pair within it</source>
        <translation>模型训练时的上下文长度；YaRN 的斜坡按每一对在其中旋转的圈数计算</translation>
    </message>
    <message>
        <source>Log distance</source>
        <translation>对数距离</translation>
    </message>
    <message>
        <source>Show the relative distance of the decay curve on a logarithmic axis</source>
        <translation>以对数坐标轴显示衰减曲线的相对距离</translation>
    </message>
    <message>
        <source>&amp;Scale:</source>
        <translation>缩放(&amp;S)：</translation>
    </message>
    <message>
        <source>Rotary position embedding
%1</source>
        <translation>旋转位置编码
%1</translation>
    </message>
    <message>
        <source>RoPE context scaling: s = %1, L_orig = %2
d_model %3 · base %4 · YaRN attention factor %5</source>
        <translation>RoPE 上下文缩放：s = %1，L_orig = %2
d_model %3 · base %4 · YaRN 注意力因子 %5</translation>
    </message>
    <message>
        <source>Rotary position embedding: context scale s = %1
d_model %2 · base %3 · L_orig %4 → s·L_orig %5</source>
        <translation>旋转位置编码：上下文缩放 s = %1
d_model %2 · base %3 · L_orig %4 → s·L_orig %5</translation>
    </message>
    <message>
        <source>L_orig = %1</source>
        <translation>L_orig = %1</translation>
    </message>
    <message>
        <source>s·L_orig = %1</source>
        <translation>s·L_orig = %1</translation>
    </message>
    <message>
        <source>RoFormer&apos;s decay bound against m − n</source>
        <translation>RoFormer 的衰减上界随 m − n 的变化</translation>
    </message>
    <message>
        <source>Decay bound</source>
        <translation>衰减上界</translation>
    </message>
    <message>
        <source>%1 λ = %2</source>
        <translation>%1 λ = %2</translation>
    </message>
    <message>
        <source>pair k = %1 (dims %2, %3) · θ = %4 · %5 turns in L_orig · YaRN γ = %6 · %7</source>
        <translation>第 k = %1 对（维度 %2、%3）· θ = %4 · 在 L_orig 内旋转 %5 圈 · YaRN γ = %6 · %7</translation>
    </message>
    <message>
        <source>Wavelength (positions)</source>
        <translation>波长（位置数）</translation>
    </message>
    <message>
        <source>Wavelength</source>
        <translation>波长</translation>
    </message>
    <message>
        <source>θ (rad/position)</source>
        <translation>θ（弧度/位置）</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>上界</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>distance m − n = %1 · bound: %2</source>
        <translation>距离 m − n = %1 · 上界：%2</translation>
    </message>
    <message>
        <source>Long-term decay: RoFormer&apos;s bound (2/d) · sum over j of |sum over k &lt; j of exp(i(m−n)θₖ)|</source>
        <translation>长程衰减：RoFormer 的上界 (2/d) · 对 j 求和 |对 k &lt; j 求和 exp(i(m−n)θₖ)|</translation>
    </message>
    <message>
        <source>YaRN (paper ramp)</source>
        <translation>YaRN（论文斜坡）</translation>
    </message>
    <message>
        <source>dyn. NTK</source>
        <translation>动态 NTK</translation>
    </message>
    <message>
        <source>dynamic NTK (HF)</source>
        <translation>动态 NTK（HF）</translation>
    </message>
    <message>
        <source>YaRN ref.</source>
        <translation>YaRN 参考</translation>
    </message>
    <message>
        <source>YaRN (HF/reference ramp)</source>
        <translation>YaRN（HF/参考实现斜坡）</translation>
    </message>
    <message>
        <source>Llama 3</source>
        <translation>Llama 3</translation>
    </message>
    <message>
        <source>Llama 3.1 (HF llama3)</source>
        <translation>Llama 3.1（HF llama3）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Rotary position embedding (RoPE).&lt;/b&gt; Instead of adding the encoding, RoPE turns each pair (q&lt;sub&gt;2k&lt;/sub&gt;, q&lt;sub&gt;2k+1&lt;/sub&gt;) of a query or key at position m by the angle m·θ&lt;sub&gt;k&lt;/sub&gt;, with the same θ&lt;sub&gt;k&lt;/sub&gt; = base&lt;sup&gt;−2k/d&lt;/sup&gt;. A score q&lt;sub&gt;m&lt;/sub&gt;·k&lt;sub&gt;n&lt;/sub&gt; then depends only on m − n. &lt;i&gt;Top:&lt;/i&gt; how many positions one turn of each pair takes, and how the three ways of stretching a model trained on L&lt;sub&gt;orig&lt;/sub&gt; to s·L&lt;sub&gt;orig&lt;/sub&gt; change it: PI slows every pair by s; NTK-aware raises the base, so fast pairs stay and only the slowest is slowed by s; YaRN keeps pairs that turn more than β = 32 times in L&lt;sub&gt;orig&lt;/sub&gt;, interpolates those under α = 1 turn, ramps in between (the paper&apos;s ramp over turns; Hugging Face and the authors&apos; code ramp over the pair index instead). Dynamic NTK raises the base with the current length L; Llama 3.1 keeps wavelengths under L&lt;sub&gt;orig&lt;/sub&gt;/4, divides those over L&lt;sub&gt;orig&lt;/sub&gt; by s, and blends between. &lt;i&gt;Bottom:&lt;/i&gt; RoFormer&apos;s upper bound of the score: it falls as tokens get farther apart.</source>
        <translation>&lt;b&gt;旋转位置编码（RoPE）。&lt;/b&gt;RoPE 不是把编码加上去，而是将位置 m 处查询或键的每一对 (q&lt;sub&gt;2k&lt;/sub&gt;, q&lt;sub&gt;2k+1&lt;/sub&gt;) 旋转角度 m·θ&lt;sub&gt;k&lt;/sub&gt;，其中 θ&lt;sub&gt;k&lt;/sub&gt; = base&lt;sup&gt;−2k/d&lt;/sup&gt; 与前面相同。于是得分 q&lt;sub&gt;m&lt;/sub&gt;·k&lt;sub&gt;n&lt;/sub&gt; 只取决于 m − n。&lt;i&gt;上图：&lt;/i&gt;每一对旋转一圈需要多少个位置，以及把在 L&lt;sub&gt;orig&lt;/sub&gt; 上训练的模型扩展到 s·L&lt;sub&gt;orig&lt;/sub&gt; 的三种方法如何改变它：PI 把每一对都减慢 s 倍；NTK 感知方法提高 base，使快的对保持不变，只有最慢的对减慢 s 倍；YaRN 保留在 L&lt;sub&gt;orig&lt;/sub&gt; 内旋转超过 β = 32 圈的对，对少于 α = 1 圈的对做插值，二者之间用斜坡过渡（论文的斜坡按圈数；Hugging Face 和作者的代码则按对的序号）。动态 NTK 随当前长度 L 提高 base；Llama 3.1 保留波长小于 L&lt;sub&gt;orig&lt;/sub&gt;/4 的对，把波长大于 L&lt;sub&gt;orig&lt;/sub&gt; 的对除以 s，二者之间平滑过渡。&lt;i&gt;下图：&lt;/i&gt;RoFormer 给出的得分上界：随着词元相距越远而下降。</translation>
    </message>
    <message>
        <source>Variants&apos; parameters and numbers</source>
        <translation>各变体的参数与数值</translation>
    </message>
    <message>
        <source>Dynamic NTK&apos;s sequence length, YaRN&apos;s truncate switch, Llama 3&apos;s frequency factors, and the NTK base, YaRN range and attention factor they give</source>
        <translation>动态 NTK 的序列长度、YaRN 的 truncate 开关、Llama 3 的频率因子，以及由此得到的 NTK base、YaRN 范围和注意力因子</translation>
    </message>
    <message>
        <source>Dynamic NTK only: the current sequence length L; at L_orig and below nothing is scaled</source>
        <translation>仅用于动态 NTK：当前序列长度 L；不超过 L_orig 时不做任何缩放</translation>
    </message>
    <message>
        <source>YaRN ref.: truncate</source>
        <translation>YaRN 参考：truncate</translation>
    </message>
    <message>
        <source>YaRN with the reference ramp only (Hugging Face&apos;s truncate): round the correction range out to whole pairs (floor of the low end, ceil of the high end); off keeps the fractional range</source>
        <translation>仅用于参考实现斜坡的 YaRN（Hugging Face 的 truncate）：把校正范围向外取整到整对（下端向下取整，上端向上取整）；关闭时保留小数范围</translation>
    </message>
    <message>
        <source>Llama 3 low_freq_factor: pairs whose wavelength is above L_orig/low are divided by s (Llama 3.1: 1)</source>
        <translation>Llama 3 的 low_freq_factor：波长大于 L_orig/low 的对除以 s（Llama 3.1：1）</translation>
    </message>
    <message>
        <source>Llama 3 high_freq_factor: pairs whose wavelength is below L_orig/high are kept; between the two, a blend (Llama 3.1: 4)</source>
        <translation>Llama 3 的 high_freq_factor：波长小于 L_orig/high 的对保持不变；二者之间平滑过渡（Llama 3.1：4）</translation>
    </message>
    <message>
        <source>Llama 3:</source>
        <translation>Llama 3：</translation>
    </message>
    <message>
        <source>NTK-aware base′ = base·s&lt;sup&gt;d/(d−2)&lt;/sup&gt; = %1 · dynamic NTK at L = %10: base′ = %11 · YaRN reference ramp over pairs %12 to %13 · Llama 3: low %14, high %15 · YaRN (both): √(1/t) = 0.1·ln s + 1 = %2, so logits × %3&lt;br&gt;Relative only: for a fixed random q and k, q&lt;sub&gt;m&lt;/sub&gt;·k&lt;sub&gt;n&lt;/sub&gt; at m = %4, n = %5 (position + offset, position) is %6; at m = %7, n = %8 it is %9.</source>
        <translation>NTK 感知 base′ = base·s&lt;sup&gt;d/(d−2)&lt;/sup&gt; = %1 · L = %10 时的动态 NTK：base′ = %11 · YaRN 参考斜坡覆盖第 %12 到 %13 对 · Llama 3：low %14，high %15 · YaRN（两种）：√(1/t) = 0.1·ln s + 1 = %2，因此 logits × %3&lt;br&gt;只取决于相对位置：对固定的随机 q 和 k，m = %4、n = %5（位置 + 偏移，位置）时 q&lt;sub&gt;m&lt;/sub&gt;·k&lt;sub&gt;n&lt;/sub&gt; 为 %6；m = %7、n = %8 时为 %9。</translation>
    </message>
    <message>
        <source>A real model&apos;s rotary embedding, as its config.json sets it up and Hugging Face computes it; or the paper variants with their sliders</source>
        <translation>真实模型的旋转位置编码,按其 config.json 设定、按 Hugging Face 的方式计算;或带滑块的论文变体</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M):</translation>
    </message>
    <message>
        <source>Compare the model with another configuration: the same model with its rope_scaling dropped (the usual silent bug), another model, or a config.json</source>
        <translation>将模型与另一配置比较:去掉 rope_scaling 的同一模型(常见的隐性错误)、另一模型或一个 config.json</translation>
    </message>
    <message>
        <source>&amp;Against:</source>
        <translation>对比(&amp;A):</translation>
    </message>
    <message>
        <source>Fields read, attention factor, precision</source>
        <translation>读取的字段、注意力因子、精度</translation>
    </message>
    <message>
        <source>Which fields of the config.json were used, what the scaling does to the pairs, the attention factor, M-RoPE&apos;s sections, where low-precision positions collide</source>
        <translation>使用了 config.json 的哪些字段、缩放对各对的作用、注意力因子、M-RoPE 的分段、低精度位置从何处开始重合</translation>
    </message>
    <message>
        <source>the same without rope_scaling</source>
        <translation>去掉 rope_scaling 的同一模型</translation>
    </message>
    <message>
        <source>Open config.json…</source>
        <translation>打开 config.json…</translation>
    </message>
    <message>
        <source>Paper variants (sliders)</source>
        <translation>论文变体(滑块)</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>&lt;b&gt;RoPE as a real model runs it.&lt;/b&gt; Each pair of a query or key turns by m·θ&lt;sub&gt;k&lt;/sub&gt;; the model&apos;s config.json decides θ (rope_theta, the rotated width, rope_scaling) as Hugging Face computes it. &lt;i&gt;Top:&lt;/i&gt; each pair&apos;s wavelength unscaled, at the original context and at the longest one; the markers say which pairs the scaling keeps, divides by its factor or blends. &lt;i&gt;Bottom:&lt;/i&gt; against another configuration, how alike the rotated query and the scores stay as the position grows; alone, the decay of q·k up to the longest context.</source>
        <translation>&lt;b&gt;真实模型运行的 RoPE。&lt;/b&gt;查询或键的每一对按 m·θ&lt;sub&gt;k&lt;/sub&gt; 旋转;θ 由模型的 config.json(rope_theta、旋转宽度、rope_scaling)决定,按 Hugging Face 的方式计算。&lt;i&gt;上:&lt;/i&gt;每一对未缩放、在原始上下文和最长上下文下的波长;标记表示缩放保持、除以因子或混合了哪些对。&lt;i&gt;下:&lt;/i&gt;与另一配置比较时,旋转后的查询和得分随位置增长保持多相似;单独显示时,q·k 直到最长上下文的衰减。</translation>
    </message>
    <message>
        <source>Cosine A · B</source>
        <translation>余弦 A · B</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <source>Position ids&apos; precision below</source>
        <translation>下方显示位置编号精度</translation>
    </message>
    <message>
        <source>Below the pairs: the angle error when position ids are held in float32, bfloat16 or float16 (where ids collide and where float16 cannot hold them), instead of the decay of q·k</source>
        <translation>在各对下方显示:位置编号以 float32、bfloat16 或 float16 存储时的角度误差(编号从何处开始重合、float16 从何处无法表示),代替 q·k 的衰减</translation>
    </message>
    <message>
        <source>Angle error (rad)</source>
        <translation>角度误差(弧度)</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>Original context length L_orig</source>
        <translation>原始上下文长度 L_orig</translation>
    </message>
    <message>
        <source>Sequence length L</source>
        <translation>序列长度 L</translation>
    </message>
</context>
<context>
    <name>pe::ui::SafeWrite</name>
    <message>
        <source>the disk is full: %1 needed, %2 free on %3</source>
        <translation>磁盘已满：需要 %1，%3 上仅剩 %2</translation>
    </message>
    <message>
        <source>1 byte</source>
        <translation>1 字节</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>the disk is full: %1 needed; the free space on the disk of %2 is unknown</source>
        <translation>磁盘已满：需要 %1；%2 所在磁盘的剩余空间未知</translation>
    </message>
</context>
<context>
    <name>pe::ui::Session</name>
    <message>
        <source>an array</source>
        <translation>一个数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>一个对象</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>空</translation>
    </message>
    <message>
        <source>%1: unknown field &quot;%2&quot;; allowed: %3</source>
        <translation>%1：未知字段“%2”；允许：%3</translation>
    </message>
    <message>
        <source>%1 is %2; allowed: an object { … }</source>
        <translation>%1 为 %2；允许：一个对象 { … }</translation>
    </message>
    <message>
        <source>allowed: a whole number from %1 to %2</source>
        <translation>允许：%1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>%1 is %2, not a number; %3</source>
        <translation>%1 为 %2，不是数字；%3</translation>
    </message>
    <message>
        <source>%1 = %2 is not a whole number; %3</source>
        <translation>%1 = %2 不是整数；%3</translation>
    </message>
    <message>
        <source>%1 = %2 is out of range; %3</source>
        <translation>%1 = %2 超出范围；%3</translation>
    </message>
    <message>
        <source>allowed: a number from %1 to %2</source>
        <translation>允许：%1 到 %2 之间的数</translation>
    </message>
    <message>
        <source>%1 is %2; allowed: %3</source>
        <translation>%1 为 %2；允许：%3</translation>
    </message>
    <message>
        <source>%1 is %2; allowed: true or false</source>
        <translation>%1 为 %2；允许：true 或 false</translation>
    </message>
    <message>
        <source>%1 is %2; allowed: a list of up to %3 dimensions, e.g. [4, 5, 6, 7]</source>
        <translation>%1 为 %2；允许：最多 %3 个维度的列表，例如 [4, 5, 6, 7]</translation>
    </message>
    <message>
        <source>%1 names %2 dimensions; allowed: at most %3</source>
        <translation>%1 列出了 %2 个维度；允许：最多 %3 个</translation>
    </message>
    <message>
        <source>%1 = %2 is listed twice; allowed: each dimension once</source>
        <translation>%1 = %2 列出了两次；允许：每个维度一次</translation>
    </message>
    <message>
        <source>%1 is %2; allowed: null (no band) or [first pair, last pair]</source>
        <translation>%1 为 %2；允许：null（无频带）或 [第一对, 最后一对]</translation>
    </message>
    <message>
        <source>allowed: base64 text of at most %1 bytes</source>
        <translation>允许：最多 %1 字节的 base64 文本</translation>
    </message>
    <message>
        <source>%1 is %2; %3</source>
        <translation>%1 为 %2；%3</translation>
    </message>
    <message>
        <source>format is %1; allowed: &quot;%2&quot; (this is not a PE Explorer session)</source>
        <translation>format 为 %1；允许：“%2”（这不是 PE Explorer 会话）</translation>
    </message>
    <message>
        <source>the session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>not an object</source>
        <translation>不是对象</translation>
    </message>
    <message>
        <source>spec.d_model = %1 is out of range; allowed: 1 to %2</source>
        <translation>spec.d_model = %1 超出范围；允许：1 到 %2</translation>
    </message>
    <message>
        <source>spec.max_len = %1 is out of range; allowed: 1 to %2</source>
        <translation>spec.max_len = %1 超出范围；允许：1 到 %2</translation>
    </message>
    <message>
        <source>spec.base = %1 is out of range; allowed: %2 to %3</source>
        <translation>spec.base = %1 超出范围；允许：%2 到 %3</translation>
    </message>
    <message>
        <source>spec.first_position = %1 is out of range; allowed: 0 to %2</source>
        <translation>spec.first_position = %1 超出范围；允许：0 到 %2</translation>
    </message>
    <message>
        <source>selection.position = %1 is out of range; allowed: 0 to %2 (max_len − 1)</source>
        <translation>selection.position = %1 超出范围；允许：0 到 %2（max_len − 1）</translation>
    </message>
    <message>
        <source>selection.dimension = %1 is out of range; allowed: 0 to %2 (d_model − 1)</source>
        <translation>selection.dimension = %1 超出范围；允许：0 到 %2（d_model − 1）</translation>
    </message>
    <message>
        <source>selection.offset = %1 is out of range; allowed: %2 (back to position 0) to %3</source>
        <translation>selection.offset = %1 超出范围；允许：%2（回到位置 0）到 %3</translation>
    </message>
    <message>
        <source>selection.dims names %1 dimensions; allowed: at most %2</source>
        <translation>selection.dims 列出了 %1 个维度；允许：最多 %2 个</translation>
    </message>
    <message>
        <source>selection.dims[%1] = %2 is out of range; allowed: 0 to %3</source>
        <translation>selection.dims[%1] = %2 超出范围；允许：0 到 %3</translation>
    </message>
    <message>
        <source>selection.dims[%1] = %2 is listed twice; allowed: each dimension once</source>
        <translation>selection.dims[%1] = %2 列出了两次；允许：每个维度一次</translation>
    </message>
    <message>
        <source>selection.band = [%1, %2] is out of range; allowed: null or [first, last] with 0 ≤ first ≤ last ≤ %3 (pairs − 1)</source>
        <translation>selection.band = [%1, %2] 超出范围；允许：null 或 [first, last]，且 0 ≤ first ≤ last ≤ %3（对数 − 1）</translation>
    </message>
    <message>
        <source>selection.colormap is &quot;%1&quot;; allowed: %2</source>
        <translation>selection.colormap 为“%1”；允许：%2</translation>
    </message>
    <message>
        <source>the file is empty; allowed: a PE Explorer session (JSON)</source>
        <translation>文件为空；允许：PE Explorer 会话（JSON）</translation>
    </message>
    <message>
        <source>not valid JSON: %1 at byte %2</source>
        <translation>不是有效的 JSON：%1，位于第 %2 字节</translation>
    </message>
    <message>
        <source>the JSON text is %1; allowed: a session object { &quot;format&quot;: &quot;%2&quot;, … }</source>
        <translation>JSON 文本为 %1；允许：会话对象 { &quot;format&quot;: &quot;%2&quot;, … }</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>an empty file name; allowed: the path of a session file (.pe.json)</source>
        <translation>文件名为空；允许：会话文件（.pe.json）的路径</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>没有这个文件</translation>
    </message>
    <message>
        <source>is a folder, not a session file</source>
        <translation>是文件夹，不是会话文件</translation>
    </message>
    <message>
        <source>is not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>the file is larger than a session can be; allowed: at most %1 bytes (1 MiB)</source>
        <translation>文件超过了会话的大小上限；允许：最多 %1 字节（1 MiB）</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>Cannot save the session to %1: it is a folder</source>
        <translation>无法将会话保存到 %1：它是一个文件夹</translation>
    </message>
    <message>
        <source>Cannot save the session to %1: the folder %2 does not exist</source>
        <translation>无法将会话保存到 %1：文件夹 %2 不存在</translation>
    </message>
    <message>
        <source>Cannot save the session to %1: %2 is a file, not a folder</source>
        <translation>无法将会话保存到 %1：%2 是文件，不是文件夹</translation>
    </message>
    <message>
        <source>Cannot save the session to %1: %2</source>
        <translation>无法将会话保存到 %1：%2</translation>
    </message>
    <message>
        <source>%1 is %2; allowed: an object of options</source>
        <translation>%1 为 %2；允许：一个选项对象</translation>
    </message>
    <message>
        <source>%1 has %2 options; allowed: at most %3</source>
        <translation>%1 有 %2 个选项；允许：最多 %3 个</translation>
    </message>
    <message>
        <source>%1: option name &quot;%2&quot; is not allowed; allowed: a letter, then up to 63 letters, digits or _</source>
        <translation>%1：不允许的选项名“%2”；允许：一个字母，后跟最多 63 个字母、数字或 _</translation>
    </message>
    <message>
        <source>allowed: true, false, a number from −%1 to %1 or a text of at most %2 characters</source>
        <translation>允许：true、false、−%1 到 %1 之间的数，或最多 %2 个字符的文本</translation>
    </message>
    <message>
        <source>the absolute path of a table file, at most %1 characters</source>
        <translation>表文件的绝对路径，最多 %1 个字符</translation>
    </message>
    <message>
        <source>table has no path; allowed: a table object with path, tensor, size and fingerprint</source>
        <translation>table 没有 path；允许：包含 path、tensor、size 和 fingerprint 的 table 对象</translation>
    </message>
    <message>
        <source>a tensor name of at most %1 characters</source>
        <translation>最多 %1 个字符的张量名</translation>
    </message>
    <message>
        <source>64 hexadecimal digits</source>
        <translation>64 位十六进制数字</translation>
    </message>
    <message>
        <source>table has no fingerprint; allowed: 64 hexadecimal digits</source>
        <translation>table 没有 fingerprint；允许：64 位十六进制数字</translation>
    </message>
    <message>
        <source>version is %1; allowed: a whole number up to %2</source>
        <translation>version 为 %1；允许：不大于 %2 的整数</translation>
    </message>
    <message>
        <source>version is %1; allowed: up to %2 (this file was written by a newer PE Explorer; open it there, or save it again from there)</source>
        <translation>version 为 %1；允许：最大 %2（此文件由更新版本的 PE Explorer 写入；请在那里打开，或在那里重新保存）</translation>
    </message>
    <message>
        <source>version is %1; allowed: %2 (no PE Explorer wrote version %1)</source>
        <translation>version 为 %1；允许：%2（没有任何 PE Explorer 版本写过版本 %1）</translation>
    </message>
</context>
<context>
    <name>pe::ui::SessionController</name>
    <message>
        <source>&amp;Open session…</source>
        <translation>打开会话(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a saved session (.pe.json): settings, selection and window layout</source>
        <translation>打开已保存的会话（.pe.json）：设置、选择和窗口布局</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <source>Save the settings, selection and window layout to the current session file</source>
        <translation>将设置、选择和窗口布局保存到当前会话文件</translation>
    </message>
    <message>
        <source>Save session &amp;as…</source>
        <translation>会话另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Save the settings, selection and window layout to a new session file</source>
        <translation>将设置、选择和窗口布局保存到新的会话文件</translation>
    </message>
    <message>
        <source>%1[*] — PE Explorer</source>
        <translation>%1[*] — PE Explorer</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>&amp;Clear list</source>
        <translation>清除列表(&amp;C)</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>%1 file</source>
        <translation>%1 文件</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>PE Explorer sessions (*.pe.json);;JSON files (*.json);;All files (*)</source>
        <translation>PE Explorer 会话 (*.pe.json);;JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot open session</source>
        <translation>无法打开会话</translation>
    </message>
    <message>
        <source>Session not found</source>
        <translation>找不到会话</translation>
    </message>
    <message>
        <source>%1 no longer exists; it was removed from the recent sessions.</source>
        <translation>%1 已不存在；已将其从最近的会话中移除。</translation>
    </message>
    <message>
        <source>Cannot save session</source>
        <translation>无法保存会话</translation>
    </message>
    <message>
        <source>Save session as</source>
        <translation>会话另存为</translation>
    </message>
    <message>
        <source>PE Explorer sessions (*.pe.json)</source>
        <translation>PE Explorer 会话 (*.pe.json)</translation>
    </message>
</context>
<context>
    <name>pe::ui::ShortcutsDialog</name>
    <message>
        <source>Shift + drag the d_model slider</source>
        <translation>Shift + 拖动 d_model 滑块</translation>
    </message>
    <message>
        <source>Every width, not only the offered even ones and multiples of 64</source>
        <translation>任意宽度,而不只是给出的偶数和 64 的倍数</translation>
    </message>
    <message>
        <source>Arrow keys, Page Up, Page Down, Home</source>
        <translation>方向键、Page Up、Page Down、Home</translation>
    </message>
    <message>
        <source>On a slider: step its value</source>
        <translation>在滑块上:逐步改变其值</translation>
    </message>
    <message>
        <source>Mouse wheel over a plot</source>
        <translation>在图上滚动鼠标滚轮</translation>
    </message>
    <message>
        <source>Zoom in or out around the pointer</source>
        <translation>以指针为中心放大或缩小</translation>
    </message>
    <message>
        <source>Drag in a plot</source>
        <translation>在图中拖动</translation>
    </message>
    <message>
        <source>Pan a zoomed plot</source>
        <translation>平移已放大的图</translation>
    </message>
    <message>
        <source>Click in a plot</source>
        <translation>在图中单击</translation>
    </message>
    <message>
        <source>Select the position, dimension, pair or patch under the pointer</source>
        <translation>选中指针下的位置、维度、频率对或图块</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>What they do</source>
        <translation>作用</translation>
    </message>
    <message>
        <source>Arrow keys in a plot</source>
        <translation>图表中的方向键</translation>
    </message>
    <message>
        <source>Move the selected position (and in a map the dimension); with Shift by 10</source>
        <translation>移动选中的位置（在图谱中还有维度）；按住 Shift 每次移动 10</translation>
    </message>
    <message>
        <source>Home, End in a plot</source>
        <translation>图表中的 Home、End</translation>
    </message>
    <message>
        <source>Select the first or the last position</source>
        <translation>选择第一个或最后一个位置</translation>
    </message>
    <message>
        <source>+, − in a plot</source>
        <translation>图表中的 +、−</translation>
    </message>
    <message>
        <source>Zoom in or out around the middle</source>
        <translation>围绕中心放大或缩小</translation>
    </message>
    <message>
        <source>Arrow keys, Home, End on the bar of views</source>
        <translation>视图栏上的方向键、Home、End</translation>
    </message>
    <message>
        <source>Put the view beside, the first or the last on the stage</source>
        <translation>将相邻的、第一个或最后一个视图放到舞台上</translation>
    </message>
</context>
<context>
    <name>pe::ui::SimilarityView</name>
    <message>
        <source>cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <source>&lt;b&gt;Similarity.&lt;/b&gt; Each cell compares the codes of two positions: bright where they are alike, dark where they differ. The bright diagonal says every position is most like itself, and each row is the same pattern shifted — the similarity depends only on how far apart two positions are, not on where they are. Below, the selected row as a curve: it ripples instead of falling steadily. Click the matrix to select a position, the curve to set the offset.</source>
        <translation>&lt;b&gt;相似度。&lt;/b&gt;每个单元格比较两个位置的编码：相似处明亮，不同处暗淡。明亮的对角线表示每个位置与自身最相似；每一行都是同一图案的平移——相似度只取决于两个位置相距多远，而与它们在哪里无关。下方是所选行的曲线：它呈波纹状起伏，而不是平稳下降。点击矩阵选择位置，点击曲线设置偏移。</translation>
    </message>
    <message>
        <source>Position q</source>
        <translation>位置 q</translation>
    </message>
    <message>
        <source>Position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <source>Similarity of positions
d_model %1 · max_len %2 · base %3
%4</source>
        <translation>位置相似度
d_model %1 · max_len %2 · base %3
%4</translation>
    </message>
    <message>
        <source>cosine of PE(p) and PE(q)</source>
        <translation>PE(p) 与 PE(q) 的余弦</translation>
    </message>
    <message>
        <source>cosine of the angle between PE(p) and PE(q)</source>
        <translation>PE(p) 与 PE(q) 夹角的余弦</translation>
    </message>
    <message>
        <source>dot product PE(p)·PE(q)</source>
        <translation>点积 PE(p)·PE(q)</translation>
    </message>
    <message>
        <source>cells average %1 × %1 pairs</source>
        <translation>每个单元格平均 %1 × %1 对</translation>
    </message>
    <message>
        <source>each cell is the exact average of %1 × %1 position pairs</source>
        <translation>每个单元格是 %1 × %1 个位置对的精确平均值</translation>
    </message>
    <message>
        <source>exact values</source>
        <translation>精确值</translation>
    </message>
    <message>
        <source>position p = %1 against every position q</source>
        <translation>位置 p = %1 对所有位置 q</translation>
    </message>
    <message>
        <source>p = %1 against every q</source>
        <translation>p = %1 对所有 q</translation>
    </message>
    <message>
        <source>k = %1</source>
        <translation>k = %1</translation>
    </message>
    <message>
        <source>offset k = %1: p + k = %2 lies beyond max_len →</source>
        <translation>偏移 k = %1：p + k = %2 超出 max_len →</translation>
    </message>
    <message>
        <source>k = %1: p + k = %2 →</source>
        <translation>k = %1：p + k = %2 →</translation>
    </message>
    <message>
        <source>← offset k = %1: p + k = %2 lies before the first row</source>
        <translation>← 偏移 k = %1：p + k = %2 在第一行之前</translation>
    </message>
    <message>
        <source>← k = %1: p + k = %2</source>
        <translation>← k = %1：p + k = %2</translation>
    </message>
    <message>
        <source>p = %1, q = %2 (q − p = %3): %4 = %5</source>
        <translation>p = %1，q = %2（q − p = %3）：%4 = %5</translation>
    </message>
    <message>
        <source>p in %1, q in %2: average %3 = %4</source>
        <translation>p 在 %1，q 在 %2：平均 %3 = %4</translation>
    </message>
    <message>
        <source>p = %1, q = %2: %3 = %4 · click to set the offset k = q − p = %5</source>
        <translation>p = %1，q = %2：%3 = %4 · 点击将偏移设为 k = q − p = %5</translation>
    </message>
    <message>
        <source>dashed: offset k = %1</source>
        <translation>虚线：偏移 k = %1</translation>
    </message>
    <message>
        <source>dot product</source>
        <translation>点积</translation>
    </message>
    <message>
        <source>&lt;b&gt;Similarity of a loaded table.&lt;/b&gt; Each cell compares two rows of the table you opened (a model&apos;s learned position embeddings): bright where they are alike. A learned table that behaves like the sinusoid shows a bright diagonal band whose width says how far apart two positions can be and still look alike; unlike the sinusoid, its rows need not be shifted copies of each other. Below, the selected row against every row. The cosine ignores each row&apos;s length; the dot product does not.</source>
        <translation>&lt;b&gt;载入表格的相似度。&lt;/b&gt;每个格子比较你打开的表格（模型学到的位置嵌入）中的两行：越亮越相似。行为类似正弦编码的学习表格会出现一条明亮的对角带，其宽度说明两个位置相距多远仍然相似；与正弦编码不同，它的各行不必是彼此平移的副本。下方是所选行与每一行的比较。余弦忽略每行的长度，点积则不忽略。</translation>
    </message>
    <message>
        <source>Row %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>Position %1</source>
        <translation>位置 %1</translation>
    </message>
    <message>
        <source>Similarity of the rows of %1
%2</source>
        <translation>%1 各行的相似度
%2</translation>
    </message>
    <message>
        <source>Similarity of the rows of %1
%2
%3</source>
        <translation>%1 各行的相似度
%2
%3</translation>
    </message>
    <message>
        <source>cosine of rows p and q</source>
        <translation>第 p 行与第 q 行的余弦</translation>
    </message>
    <message>
        <source>cosine of the angle between rows p and q</source>
        <translation>第 p 行与第 q 行夹角的余弦</translation>
    </message>
    <message>
        <source>dot product of rows p and q</source>
        <translation>第 p 行与第 q 行的点积</translation>
    </message>
    <message>
        <source> (a point: the mean over %1 q)</source>
        <translation>（每点为 %1 个 q 的平均）</translation>
    </message>
    <message>
        <source>p = %1, q in %2–%3: average %4 = %5 · click to set the offset k = q − p = %6</source>
        <translation>p = %1，q 在 %2–%3：平均 %4 = %5 · 点击将偏移设为 k = q − p = %6</translation>
    </message>
</context>
<context>
    <name>pe::ui::SpectrumView</name>
    <message>
        <source>&lt;b&gt;Spectrum.&lt;/b&gt; Each column of the map is one dimension&apos;s power spectrum along the positions: bright at the frequencies it holds. The sinusoid&apos;s dimension 2k and 2k+1 hold one frequency each, ω&lt;sub&gt;k&lt;/sub&gt; = base&lt;sup&gt;−2k/d&lt;/sup&gt; (white line): fast on the left, ever slower to the right, until a wave is too slow to turn once over the positions. Below, each dimension&apos;s strongest frequency against the sinusoid&apos;s: on the diagonal when they agree. Open a model&apos;s position table to see which frequencies it learned, the sinusoidal base that fits it best, and its first principal components.</source>
        <translation>&lt;b&gt;频谱。&lt;/b&gt;图中每一列是一个维度沿位置方向的功率谱：它所含的频率处明亮。正弦编码的维度 2k 和 2k+1 各含一个频率 ω&lt;sub&gt;k&lt;/sub&gt; = base&lt;sup&gt;−2k/d&lt;/sup&gt;（白线）：左边快，越往右越慢，直到某个波慢得在这些位置上转不满一圈。下方是每个维度最强的频率与正弦编码频率的对比：两者一致时落在对角线上。打开模型的位置表，可以看到它学到了哪些频率、与之最吻合的正弦 base，以及它的前几个主成分。</translation>
    </message>
    <message>
        <source>power (dB)</source>
        <translation>功率（dB）</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>ω (radians per position)</source>
        <translation>ω（每个位置的弧度）</translation>
    </message>
    <message>
        <source>the sinusoid&apos;s ω</source>
        <translation>正弦编码的 ω</translation>
    </message>
    <message>
        <source>sinusoid&apos;s ω</source>
        <translation>正弦编码的 ω</translation>
    </message>
    <message>
        <source>strongest ω</source>
        <translation>最强的 ω</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>d_model %1 · max_len %2 · base %3</source>
        <translation>d_model %1 · max_len %2 · base %3</translation>
    </message>
    <message>
        <source>positions 0–%1 of %2</source>
        <translation>%2 个位置中的第 0–%1 个</translation>
    </message>
    <message>
        <source>all %1 positions</source>
        <translation>全部 %1 个位置</translation>
    </message>
    <message>
        <source>Frequencies along the positions
%1
%2 · %3-point FFT</source>
        <translation>沿位置方向的频率
%1
%2 · %3 点 FFT</translation>
    </message>
    <message>
        <source> · %1 dims per pixel</source>
        <translation> · 每像素 %1 个维度</translation>
    </message>
    <message>
        <source>each dim&apos;s power along the positions, dB below its peak%1</source>
        <translation>每个维度沿位置方向的功率，相对其峰值的 dB%1</translation>
    </message>
    <message>
        <source>each dim&apos;s power, dB below its peak</source>
        <translation>每个维度的功率，相对其峰值的 dB</translation>
    </message>
    <message>
        <source>power</source>
        <translation>功率</translation>
    </message>
    <message>
        <source>each dim&apos;s power along the positions, dB below its peak · white: the sinusoid&apos;s ω%1</source>
        <translation>每个维度沿位置方向的功率，相对其峰值的 dB · 白线：正弦编码的 ω%1</translation>
    </message>
    <message>
        <source>each dim&apos;s power · white: the sinusoid&apos;s ω</source>
        <translation>每个维度的功率 · 白线：正弦编码的 ω</translation>
    </message>
    <message>
        <source>power · white: sinusoid</source>
        <translation>功率 · 白线：正弦编码</translation>
    </message>
    <message>
        <source>grey: ω below %1, less than one turn over the positions</source>
        <translation>灰色：ω 低于 %1，在这些位置上转不满一圈</translation>
    </message>
    <message>
        <source>best-fitting sinusoid: base %1 · RMS log error %2 over %3 dims (sorted)</source>
        <translation>最吻合的正弦编码：base %1 · %3 个维度上的对数均方根误差 %2（排序后）</translation>
    </message>
    <message>
        <source>best fit: base %1 · error %2</source>
        <translation>最佳拟合：base %1 · 误差 %2</translation>
    </message>
    <message>
        <source>base %1</source>
        <translation>base %1</translation>
    </message>
    <message>
        <source>too few dims with a frequency to fit a sinusoid</source>
        <translation>有频率的维度太少，无法拟合正弦编码</translation>
    </message>
    <message>
        <source>no fit</source>
        <translation>无拟合</translation>
    </message>
    <message>
        <source>strongest frequency of each dim against the sinusoid&apos;s · %1</source>
        <translation>每个维度最强的频率与正弦编码的对比 · %1</translation>
    </message>
    <message>
        <source>strongest ω against the sinusoid&apos;s</source>
        <translation>最强的 ω 与正弦编码的对比</translation>
    </message>
    <message>
        <source>principal components:
tables of at most
%1 values</source>
        <translation>主成分：
仅限最多
%1 个值的表</translation>
    </message>
    <message>
        <source>PC%1 %2%</source>
        <translation>PC%1 %2%</translation>
    </message>
    <message>
        <source>first principal components: %1 of the variance</source>
        <translation>前几个主成分：占方差的 %1</translation>
    </message>
    <message>
        <source>principal components</source>
        <translation>主成分</translation>
    </message>
    <message>
        <source>ω</source>
        <translation>ω</translation>
    </message>
    <message>
        <source>strongest ω %1 (wavelength %2 positions)</source>
        <translation>最强的 ω 为 %1（波长 %2 个位置）</translation>
    </message>
    <message>
        <source>no frequency (constant)</source>
        <translation>没有频率（常数）</translation>
    </message>
    <message>
        <source>dim %1 · %2</source>
        <translation>维度 %1 · %2</translation>
    </message>
    <message>
        <source>dim %1 · %2 · the sinusoid&apos;s ω %3</source>
        <translation>维度 %1 · %2 · 正弦编码的 ω 为 %3</translation>
    </message>
    <message>
        <source>Frequencies along the positions
%1</source>
        <translation>沿位置方向的频率
%1</translation>
    </message>
</context>
<context>
    <name>pe::ui::Stage</name>
    <message>
        <source>Put the %1 view on the stage</source>
        <translation>将%1视图放到舞台上</translation>
    </message>
    <message>
        <source>Beside:</source>
        <translation>旁边：</translation>
    </message>
    <message>
        <source>Nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>The view shown beside the one on the stage, when the window has room for both (not while presenting)</source>
        <translation>窗口容得下两个视图时，显示在舞台视图旁边的视图（演示时不显示）</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>视图</translation>
    </message>
</context>
<context>
    <name>pe::ui::T5BiasesController</name>
    <message>
        <source>T5 biases</source>
        <translation>T5 偏置</translation>
    </message>
    <message>
        <source>Bias tables (*.npy *.safetensors *.csv);;All files (*)</source>
        <translation>偏置表 (*.npy *.safetensors *.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 holds %2 tables. Which one holds the biases (buckets × heads)?</source>
        <translation>%1 含有 %2 个表格。哪一个是偏置（桶 × 头）？</translation>
    </message>
</context>
<context>
    <name>pe::ui::TableController</name>
    <message>
        <source>Show a model&apos;s learned position table (.npy, .safetensors, .csv) in the heatmap</source>
        <translation>在热力图中显示模型学习到的位置表（.npy、.safetensors、.csv）</translation>
    </message>
    <message>
        <source>The heatmap shows the sinusoid again</source>
        <translation>热力图重新显示正弦编码</translation>
    </message>
    <message>
        <source>Table colours over the data&apos;s &amp;range</source>
        <translation>按数据范围为位置表着色(&amp;R)</translation>
    </message>
    <message>
        <source>On: the colours span the table&apos;s minimum to maximum. Off: ±the largest |value|, 0 in the middle, like the sinusoid&apos;s −1 … +1</source>
        <translation>开启：颜色从表的最小值延伸到最大值。关闭：±最大 |值|，0 居中，如同正弦编码的 −1 … +1</translation>
    </message>
    <message>
        <source>Position tables (*.npy *.safetensors *.csv);;All files (*)</source>
        <translation>位置表 (*.npy *.safetensors *.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 holds %2 tables. Which one holds the positions?</source>
        <translation>%1 含有 %2 个表。哪一个是位置表？</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Opening %1 cancelled; nothing changed.</source>
        <translation>已取消打开 %1；未做任何更改。</translation>
    </message>
    <message>
        <source> %1 values are not finite (NaN or ±inf): drawn transparent.</source>
        <translation>%1 个值为非有限值（NaN 或 ±inf）：以透明方式绘制。</translation>
    </message>
    <message>
        <source>The heatmap shows the sinusoid again.</source>
        <translation>热力图重新显示正弦编码。</translation>
    </message>
    <message>
        <source> The sinusoid now has its size: max_len %1, d_model %2 (Edit ▸ Undo returns it to the old size; the table stays).</source>
        <translation> 正弦编码现在取了它的尺寸：max_len %1，d_model %2（编辑 ▸ 撤销 可恢复原尺寸，表格保留）。</translation>
    </message>
    <message>
        <source>A preview of %1 (%2): one sampled row per pixel row, colours from %3 rows, while the pass over its values runs. Exact averages follow.</source>
        <translation>%1（%2）的预览：每个像素行显示一个抽样行，颜色范围取自 %3 行；正在扫描全部数值，随后显示精确平均值。</translation>
    </message>
    <message>
        <source>Stop reading the table; the heatmap goes back to what it showed before</source>
        <translation>停止读取该表；热图恢复为之前显示的内容</translation>
    </message>
    <message>
        <source>Reading %1:</source>
        <translation>正在读取 %1：</translation>
    </message>
    <message>
        <source>Open e&amp;ncoding…</source>
        <translation>打开编码(&amp;N)…</translation>
    </message>
    <message>
        <source>C&amp;lose encoding</source>
        <translation>关闭编码(&amp;L)</translation>
    </message>
    <message>
        <source>Open encoding</source>
        <translation>打开编码</translation>
    </message>
    <message>
        <source>The heatmap shows %1 (%2). File ▸ Close encoding returns to the sinusoid.</source>
        <translation>热力图显示 %1（%2）。文件 ▸ 关闭编码 可回到正弦编码。</translation>
    </message>
    <message>
        <source>The session&apos;s position table was not opened: %1. Everything else in the session is restored; open the table again with File ▸ Open encoding….</source>
        <translation>未打开会话中的位置表：%1。会话的其余部分均已恢复；请用 文件 ▸ 打开编码… 重新打开该表。</translation>
    </message>
    <message>
        <source> The sinusoid keeps the settings you chose during the pass.</source>
        <translation> 正弦编码保留你在扫描期间选择的设置。</translation>
    </message>
    <message>
        <source> Its %1 rows are a class token and %2 × %3 patches: the Grid view (View ▸ Grid) lays them out as the image.</source>
        <translation> 它的 %1 行是一个类别标记和 %2 × %3 个图块:网格视图(视图 ▸ 网格)按图像排布显示它们。</translation>
    </message>
</context>
<context>
    <name>pe::ui::TableFormats</name>
    <message>
        <source>() (a single number)</source>
        <translation>()（单个数）</translation>
    </message>
    <message>
        <source>the shape is %1 (%2-D); a position table needs two dimensions (positions × dims)</source>
        <translation>形状为 %1（%2 维）；位置表需要两个维度（位置 × 维度）</translation>
    </message>
    <message>
        <source>the shape is %1 (%2-D); a position table is 2-D (positions × dims), or has only 1s before those two</source>
        <translation>形状为 %1（%2 维）；位置表是二维的（位置 × 维度），或在这两维之前只有大小为 1 的维度</translation>
    </message>
    <message>
        <source>the shape is %1: no values; a table needs at least one position and one dim</source>
        <translation>形状为 %1：没有任何值；表至少需要一个位置和一个维度</translation>
    </message>
    <message>
        <source>the header is not a Python dict (it starts with “%1”)</source>
        <translation>文件头不是 Python dict（它以“%1”开头）</translation>
    </message>
    <message>
        <source>a key of the header&apos;s dict is not a quoted name at character %1</source>
        <translation>文件头 dict 中第 %1 个字符处的键不是带引号的名称</translation>
    </message>
    <message>
        <source>no “:” after the header&apos;s key &apos;%1&apos;</source>
        <translation>文件头的键 &apos;%1&apos; 之后缺少“:”</translation>
    </message>
    <message>
        <source>the header&apos;s &apos;%1&apos; holds “%2”, not a whole number ≥ 0</source>
        <translation>文件头的 &apos;%1&apos; 为“%2”，不是 ≥ 0 的整数</translation>
    </message>
    <message>
        <source>the header&apos;s &apos;%1&apos; is not a tuple of whole numbers</source>
        <translation>文件头的 &apos;%1&apos; 不是由整数组成的元组</translation>
    </message>
    <message>
        <source>the header&apos;s &apos;%1&apos; holds “%2”; allowed: a quoted text, True, False or a tuple (…)</source>
        <translation>文件头的 &apos;%1&apos; 为“%2”；允许：带引号的文本、True、False 或元组 (…)</translation>
    </message>
    <message>
        <source>no “,” or “}” after the header&apos;s &apos;%1&apos;</source>
        <translation>文件头的 &apos;%1&apos; 之后缺少“,”或“}”</translation>
    </message>
    <message>
        <source>not a NumPy .npy file: it does not start with \x93NUMPY</source>
        <translation>不是 NumPy .npy 文件：它不以 \x93NUMPY 开头</translation>
    </message>
    <message>
        <source>format version %1.%2; allowed: 1.0, 2.0, 3.0</source>
        <translation>格式版本为 %1.%2；允许：1.0、2.0、3.0</translation>
    </message>
    <message>
        <source>the header claims %1 bytes; allowed: at most %2</source>
        <translation>文件头声明为 %1 字节；允许：最多 %2 字节</translation>
    </message>
    <message>
        <source>the file ends inside its header (%1 bytes of %2)</source>
        <translation>文件在文件头中途就结束了（%2 字节中只有 %1 字节）</translation>
    </message>
    <message>
        <source>the header has no &apos;%1&apos;; a .npy header names descr, fortran_order and shape</source>
        <translation>文件头中没有 &apos;%1&apos;；.npy 文件头应列出 descr、fortran_order 和 shape</translation>
    </message>
    <message>
        <source>the header&apos;s &apos;descr&apos; is not a simple dtype (a structured array?); allowed: float16, float32, float64 (&apos;&lt;f2&apos;, &apos;&lt;f4&apos;, &apos;&lt;f8&apos;, big-endian &apos;&gt;f…&apos; too)</source>
        <translation>文件头的 &apos;descr&apos; 不是简单的 dtype（结构化数组？）；允许：float16、float32、float64（&apos;&lt;f2&apos;、&apos;&lt;f4&apos;、&apos;&lt;f8&apos;，也可以是大端序 &apos;&gt;f…&apos;）</translation>
    </message>
    <message>
        <source>dtype &apos;%1&apos; is not supported; allowed: float16, float32, float64 (&apos;&lt;f2&apos;, &apos;&lt;f4&apos;, &apos;&lt;f8&apos;, big-endian &apos;&gt;f…&apos; too)</source>
        <translation>不支持 dtype &apos;%1&apos;；允许：float16、float32、float64（&apos;&lt;f2&apos;、&apos;&lt;f4&apos;、&apos;&lt;f8&apos;，也可以是大端序 &apos;&gt;f…&apos;）</translation>
    </message>
    <message>
        <source>the header&apos;s &apos;fortran_order&apos; is not True or False</source>
        <translation>文件头的 &apos;fortran_order&apos; 不是 True 或 False</translation>
    </message>
    <message>
        <source>the header&apos;s &apos;shape&apos; is not a tuple</source>
        <translation>文件头的 &apos;shape&apos; 不是元组</translation>
    </message>
    <message>
        <source>the header says %1 %2 (%3 bytes), but the file holds %4 bytes after its header</source>
        <translation>文件头表明数据为 %1 %2（字节数：%3），但文件头之后有 %4 字节</translation>
    </message>
    <message>
        <source>more than any file</source>
        <translation>超出任何文件的大小</translation>
    </message>
    <message>
        <source>the file is %1 bytes; a safetensors file starts with an 8-byte header length</source>
        <translation>文件只有 %1 字节；safetensors 文件以 8 字节的文件头长度开头</translation>
    </message>
    <message>
        <source>the header length field says %1 bytes; allowed: at most %2 (as the safetensors library)</source>
        <translation>文件头长度字段为 %1 字节；允许：最多 %2（与 safetensors 库一致）</translation>
    </message>
    <message>
        <source>the header length field says %1 bytes, but the file holds %2 after it</source>
        <translation>文件头长度字段为 %1 字节，但其后文件只有 %2 字节</translation>
    </message>
    <message>
        <source>the header is not valid JSON: %1 at byte %2</source>
        <translation>文件头不是有效的 JSON：%1，位于第 %2 字节</translation>
    </message>
    <message>
        <source>the header is JSON but not an object { &quot;name&quot;: {…}, … }</source>
        <translation>文件头是 JSON，但不是对象 { &quot;name&quot;: {…}, … }</translation>
    </message>
    <message>
        <source>tensor “%1”</source>
        <translation>张量“%1”</translation>
    </message>
    <message>
        <source>%1 is not an object with dtype, shape and data_offsets</source>
        <translation>%1 不是含有 dtype、shape 和 data_offsets 的对象</translation>
    </message>
    <message>
        <source>%1 has dtype “%2”; the format defines BOOL, U8, I8, I16, U16, I32, U32, I64, U64, F8_E5M2, F8_E4M3, F16, BF16, F32, F64</source>
        <translation>%1 的 dtype 为“%2”；该格式定义的 dtype 有 BOOL、U8、I8、I16、U16、I32、U32、I64、U64、F8_E5M2、F8_E4M3、F16、BF16、F32、F64</translation>
    </message>
    <message>
        <source>%1 has no shape array</source>
        <translation>%1 没有 shape 数组</translation>
    </message>
    <message>
        <source>%1 has a shape entry that is not a whole number ≥ 0</source>
        <translation>%1 的 shape 中有一项不是 ≥ 0 的整数</translation>
    </message>
    <message>
        <source>%1 has no data_offsets [begin, end]</source>
        <translation>%1 没有 data_offsets [begin, end]</translation>
    </message>
    <message>
        <source>%1 has data_offsets [%2, %3]; allowed: whole numbers 0 ≤ begin ≤ end ≤ %4 (the bytes after the header)</source>
        <translation>%1 的 data_offsets 为 [%2, %3]；允许：满足 0 ≤ begin ≤ end ≤ %4（文件头之后的字节数）的整数</translation>
    </message>
    <message>
        <source>%1 is %2 %3 (%4 bytes), but its data_offsets span %5 bytes</source>
        <translation>%1 为 %2 %3（字节数：%4），但其 data_offsets 跨越 %5 字节</translation>
    </message>
    <message>
        <source>tensor “%1” has dtype %2; allowed: F16, BF16, F32, F64</source>
        <translation>张量“%1”的 dtype 为 %2；允许：F16、BF16、F32、F64</translation>
    </message>
    <message>
        <source>tensor “%1”: %2</source>
        <translation>张量“%1”：%2</translation>
    </message>
    <message>
        <source>line %1, value %2 is “%3”, not a number (allowed: decimal numbers, inf, nan)</source>
        <translation>第 %1 行第 %2 个值为“%3”，不是数（允许：十进制数、inf、nan）</translation>
    </message>
    <message>
        <source>line %1 has %2 values, the first row %3; every row needs as many</source>
        <translation>第 %1 行有 %2 个值，而第一行有 %3 个；每一行的值个数必须相同</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>no rows of numbers</source>
        <translation>没有数值行</translation>
    </message>
</context>
<context>
    <name>pe::ui::TensorPicker</name>
    <message>
        <source>%1 — %2 %3</source>
        <translation>%1 — %2 %3</translation>
    </message>
</context>
<context>
    <name>pe::ui::Theme</name>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>Follow the desktop&apos;s light or dark colours</source>
        <translation>跟随桌面的浅色或深色配色</translation>
    </message>
    <message>
        <source>&amp;High contrast</source>
        <translation>高对比度(&amp;H)</translation>
    </message>
    <message>
        <source>White on black, yellow for the selection and the focus, strong grid lines: for low vision</source>
        <translation>黑底白字，选中和焦点为黄色，网格线醒目：适合低视力用户</translation>
    </message>
</context>
<context>
    <name>pe::ui::TonePlayer</name>
    <message>
        <source>This computer has no audio output to play on. The same sound can be written to a file: pe-explorer --view waves --export waves.wav</source>
        <translation>这台计算机没有可播放的音频输出。同样的声音可以写入文件：pe-explorer --view waves --export waves.wav</translation>
    </message>
    <message>
        <source>The audio output %1 cannot play 16-bit mono sound at %2 Hz. The same sound can be written to a file: pe-explorer --view waves --export waves.wav</source>
        <translation>音频输出 %1 无法播放 %2 Hz 的 16 位单声道声音。同样的声音可以写入文件：pe-explorer --view waves --export waves.wav</translation>
    </message>
    <message>
        <source>The audio output %1 could not start. The same sound can be written to a file: pe-explorer --view waves --export waves.wav</source>
        <translation>音频输出 %1 无法启动。同样的声音可以写入文件：pe-explorer --view waves --export waves.wav</translation>
    </message>
</context>
<context>
    <name>pe::ui::ViewText</name>
    <message>
        <source>split</source>
        <translation>分块</translation>
    </message>
    <message>
        <source>interleaved</source>
        <translation>交错</translation>
    </message>
    <message>
        <source>tensor2tensor</source>
        <translation>tensor2tensor</translation>
    </message>
    <message>
        <source>paper</source>
        <translation>论文</translation>
    </message>
</context>
<context>
    <name>pe::ui::Views</name>
    <message>
        <source>Heatmap</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>Encoding heatmap</source>
        <translation>编码热力图</translation>
    </message>
    <message>
        <source>Waves</source>
        <translation>波形</translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>Relative offset</source>
        <translation>相对偏移</translation>
    </message>
    <message>
        <source>Frequency bands</source>
        <translation>频带</translation>
    </message>
    <message>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <source>Rotary embedding (RoPE)</source>
        <translation>旋转位置编码（RoPE）</translation>
    </message>
    <message>
        <source>Conventions</source>
        <translation>约定</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>Sentence embeddings</source>
        <translation>句子嵌入</translation>
    </message>
    <message>
        <source>Methods</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>Position methods</source>
        <translation>位置方法</translation>
    </message>
    <message>
        <source>Spectrum</source>
        <translation>频谱</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>网格</translation>
    </message>
    <message>
        <source>Positions on a grid</source>
        <translation>网格上的位置</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>Attention heads of a checkpoint</source>
        <translation>检查点的注意力头</translation>
    </message>
</context>
<context>
    <name>pe::ui::WavesView</name>
    <message>
        <source>&lt;b&gt;Waves.&lt;/b&gt; Each column of the encoding is a wave along the positions: a sine or a cosine whose wavelength grows with the dimension. The dots are the whole-number positions the model actually sees, the line the wave they are taken from. Low dimensions wiggle fast, high ones hardly move — together they give every position its own pattern. Click to select a position.</source>
        <translation>&lt;b&gt;波形。&lt;/b&gt;编码的每一列都是沿位置变化的波：一个正弦或余弦，其波长随维度增大。圆点是模型实际看到的整数位置，曲线是它们所取自的波。低维度振荡很快，高维度几乎不动——合在一起，每个位置都有自己独特的图案。点击以选择位置。</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>PE(position, dimension)</source>
        <translation>PE(位置, 维度)</translation>
    </message>
    <message>
        <source>No dimension to draw: choose dimensions below d_model.</source>
        <translation>没有可绘制的维度：请选择小于 d_model 的维度。</translation>
    </message>
    <message>
        <source>dim %1 · %2 · λ = %3</source>
        <translation>维度 %1 · %2 · λ = %3</translation>
    </message>
    <message>
        <source>PE(position, dimension) against position · d_model %1 · base %2</source>
        <translation>PE(位置, 维度) 随位置的变化 · d_model %1 · base %2</translation>
    </message>
    <message>
        <source>dots at %1 of %2 positions</source>
        <translation>%2 个位置中的 %1 个画了圆点</translation>
    </message>
    <message>
        <source>waves too short to draw at this max_len</source>
        <translation>在此 max_len 下波太短，无法绘制</translation>
    </message>
    <message>
        <source>short waves beside max_len: zoom in with the wheel</source>
        <translation>波长远小于 max_len：用滚轮放大</translation>
    </message>
    <message>
        <source>dim %1 (%2, pair %3) = %4</source>
        <translation>维度 %1（%2，第 %3 对）= %4</translation>
    </message>
    <message>
        <source>position %1: </source>
        <translation>位置 %1：</translation>
    </message>
    <message>
        <source>zero column</source>
        <translation>零列</translation>
    </message>
    <message>
        <source>dim %1 · %2</source>
        <translation>维度 %1 · %2</translation>
    </message>
    <message>
        <source>dim %1 (%2) = %3</source>
        <translation>维度 %1（%2）= %3</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>&lt;b&gt;Waves of a loaded table.&lt;/b&gt; The chosen columns of the table you opened, along its rows. Learned position embeddings often turn some columns into waves of their own: compare them with the sinusoid&apos;s waves, and the spectrum view for the frequency of each column. Beyond a few thousand rows each point of a line is the mean of the rows it stands for. Click to select a row.</source>
        <translation>&lt;b&gt;载入表格的波形。&lt;/b&gt;你打开的表格中所选的列，沿各行展开。学习得到的位置嵌入常把某些列变成自己的波：把它们与正弦编码的波形对比，并在频谱视图中查看每列的频率。超过几千行时，曲线上每个点是其所代表各行的平均。点击可选择一行。</translation>
    </message>
    <message>
        <source>column %1</source>
        <translation>第 %1 列</translation>
    </message>
    <message>
        <source>Columns of %1 against row</source>
        <translation>%1 各列随行的变化</translation>
    </message>
    <message>
        <source>points average %1 rows</source>
        <translation>每点为 %1 行的平均</translation>
    </message>
    <message>
        <source>each point is the exact mean of %1 rows</source>
        <translation>每个点是 %1 行的精确平均</translation>
    </message>
    <message>
        <source>column %1 = %2</source>
        <translation>第 %1 列 = %2</translation>
    </message>
    <message>
        <source>row %1: </source>
        <translation>第 %1 行：</translation>
    </message>
    <message>
        <source>the first %1 of %2 positions</source>
        <translation>%2 个位置中的前 %1 个</translation>
    </message>
    <message>
        <source>the first %1 of %2 positions (12 periods of the fastest wave): turn the wheel for more</source>
        <translation>%2 个位置中的前 %1 个（最快波的 12 个周期）：滚动滚轮查看更多</translation>
    </message>
    <message>
        <source>Listen</source>
        <translation>聆听</translation>
    </message>
    <message>
        <source>Play each drawn dimension as a tone, one after another (%1 s each): the positions advance at R = %2 per second, so dimension i sounds at ω_i·R/2π Hz, dimension 0 at 880 Hz. Faster pairs sound higher; each pair is lower than the one before by the same step. The command line writes the same sound: --view waves --export F.wav</source>
        <translation>将绘制的每个维度依次作为音调播放（每个 %1 秒）：位置以每秒 R = %2 前进，因此维度 i 的频率为 ω_i·R/2π Hz，维度 0 为 880 Hz。越快的维度对音调越高；每一对都比前一对低同样的音程。命令行可写出同样的声音：--view waves --export F.wav</translation>
    </message>
    <message>
        <source>the drawn dimensions as tones</source>
        <translation>将绘制的维度作为音调</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Playing dimension %1 (%2 of %3): %4 Hz</source>
        <translation>正在播放维度 %1（第 %2 个，共 %3 个）：%4 Hz</translation>
    </message>
</context>
<context>
    <name>pe::ui::WordVectorLoader</name>
    <message>
        <source>cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>Cannot use %1: there is no such file.</source>
        <translation>无法使用 %1：没有这个文件。</translation>
    </message>
    <message>
        <source>Cannot use %1: it is not a readable file.</source>
        <translation>无法使用 %1：它不是可读的文件。</translation>
    </message>
</context>
</TS>
