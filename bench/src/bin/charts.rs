//! Draws the results of `bench/report` as SVG bar charts: GB/s per
//! operation and text at 100 KB, litenc (SIMD and portable) beside each
//! peer. `bench/report --charts` writes the figures (a tab-separated file)
//! and runs this:
//!
//! ```sh
//! cargo run --release --bin charts -- target/charts.tsv ../docs
//! ```
//!
//! The input: `# machine: ...` and `# date: ...` lines, then one line per
//! figure, `chart<TAB>operation<TAB>text<TAB>implementation<TAB>GB/s`.
//! One SVG per chart, `docs/perf-<chart>.svg`, a panel per operation.

use std::collections::BTreeMap;
use std::error::Error;

use plotters::prelude::*;

/// One figure.
struct Row {
    op: String,
    text: String,
    imp: String,
    gbs: f64,
}

/// Bar colours: litenc first (SIMD, then portable), then the peers.
fn colour(imp: &str, peers: &[String]) -> RGBColor {
    const PEERS: [RGBColor; 6] = [
        RGBColor(0x9E, 0x9E, 0x9E),
        RGBColor(0xE6, 0x9F, 0x00),
        RGBColor(0x56, 0xB4, 0xE9),
        RGBColor(0xCC, 0x79, 0xA7),
        RGBColor(0x00, 0x9E, 0x73),
        RGBColor(0x70, 0x70, 0x70),
    ];
    match imp {
        "litenc" => RGBColor(0xD5, 0x2B, 0x1E),
        "litenc portable" => RGBColor(0xF4, 0x9A, 0x8E),
        _ => {
            let k = peers.iter().position(|p| p == imp).unwrap_or(0);
            PEERS[k % PEERS.len()]
        }
    }
}

fn draw(path: &str, title: &str, note: &str, rows: &[Row]) -> Result<(), Box<dyn Error>> {
    let mut ops: Vec<&str> = Vec::new();
    for r in rows {
        if !ops.contains(&r.op.as_str()) {
            ops.push(&r.op);
        }
    }
    let cols = 2;
    let panels = ops.len().div_ceil(cols);
    // About 75 pixels a text in a panel (the man pages make eight), 60 for its axis.
    let mut all_texts: Vec<&str> = rows.iter().map(|r| r.text.as_str()).collect();
    all_texts.sort_unstable();
    all_texts.dedup();
    let w = (cols as u32 * (60 + 75 * all_texts.len() as u32)).max(1200);
    let h = 60 + 330 * panels as u32 + 30;
    let root = SVGBackend::new(path, (w, h)).into_drawing_area();
    root.fill(&WHITE)?;
    let (top, rest) = root.split_vertically(50);
    top.titled(title, ("sans-serif", 24))?;
    let (body, foot) = rest.split_vertically(h - 50 - 30);
    foot.draw_text(note, &("sans-serif", 14).into_text_style(&foot), (10, 8))?;
    let areas = body.split_evenly((panels, cols));
    for (area, op) in areas.iter().zip(&ops) {
        let these: Vec<&Row> = rows.iter().filter(|r| r.op == *op).collect();
        let mut texts: Vec<&str> = Vec::new();
        let mut imps: Vec<String> = Vec::new();
        for r in &these {
            if !texts.contains(&r.text.as_str()) {
                texts.push(&r.text);
            }
            if !imps.contains(&r.imp) {
                imps.push(r.imp.clone());
            }
        }
        // litenc first, then the peers in their order.
        imps.sort_by_key(|i| match i.as_str() {
            "litenc" => 0,
            "litenc portable" => 1,
            _ => 2,
        });
        let peers: Vec<String> = imps
            .iter()
            .filter(|i| !i.starts_with("litenc"))
            .cloned()
            .collect();
        let max = these.iter().map(|r| r.gbs).fold(0.0, f64::max) * 1.12;
        let n = texts.len() as f64;
        let mut chart = ChartBuilder::on(area)
            .caption(*op, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(28)
            .y_label_area_size(48)
            .build_cartesian_2d(0.0..n, 0.0..max.max(0.01))?;
        let labels = texts.clone();
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(texts.len() * 2 + 1)
            .x_label_formatter(&|x: &f64| {
                let k = x.floor() as usize;
                if (x - x.floor() - 0.5).abs() < 0.01 && k < labels.len() {
                    labels[k].to_string()
                } else {
                    String::new()
                }
            })
            .y_desc("GB/s")
            .draw()?;
        let width = 0.8 / imps.len() as f64;
        for (j, imp) in imps.iter().enumerate() {
            let c = colour(imp, &peers);
            let bars: Vec<Rectangle<(f64, f64)>> = texts
                .iter()
                .enumerate()
                .filter_map(|(k, t)| {
                    let r = these.iter().find(|r| r.text == *t && r.imp == *imp)?;
                    let x0 = k as f64 + 0.1 + j as f64 * width;
                    Some(Rectangle::new(
                        [(x0, 0.0), (x0 + width * 0.9, r.gbs)],
                        c.filled(),
                    ))
                })
                .collect();
            chart
                .draw_series(bars)?
                .label(imp.as_str())
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], c.filled()));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .label_font(("sans-serif", 12))
            .draw()?;
    }
    root.present()?;
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (input, out) = match &args[..] {
        [_, i, o] => (i, o),
        _ => return Err("usage: charts RESULTS.tsv OUT_DIR".into()),
    };
    let mut machine = String::new();
    let mut date = String::new();
    let mut charts: BTreeMap<String, (String, Vec<Row>)> = BTreeMap::new();
    for line in std::fs::read_to_string(input)?.lines() {
        if let Some(m) = line.strip_prefix("# machine: ") {
            machine = m.to_string();
            continue;
        }
        if let Some(d) = line.strip_prefix("# date: ") {
            date = d.to_string();
            continue;
        }
        if let Some(t) = line.strip_prefix("# title ") {
            let (chart, title) = t.split_once('\t').ok_or("bad title line")?;
            charts.entry(chart.to_string()).or_default().0 = title.to_string();
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let [chart, op, text, imp, gbs] = f[..] else {
            return Err(format!("bad line: {line}").into());
        };
        charts.entry(chart.to_string()).or_default().1.push(Row {
            op: op.to_string(),
            text: text.to_string(),
            imp: imp.to_string(),
            gbs: gbs.parse()?,
        });
    }
    let note = format!(
        "{machine}; {date}. Criterion medians of thread CPU time, 100 KB inputs; GB/s of UTF-8 text."
    );
    for (chart, (title, rows)) in &charts {
        let path = format!("{out}/perf-{chart}.svg");
        draw(&path, title, &note, rows)?;
        eprintln!("wrote {path}");
    }
    Ok(())
}
