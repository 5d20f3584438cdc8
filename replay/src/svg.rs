//! Standalone SVG pictures of positions, shared by the games: a small writer that escapes every
//! text it is given, and the colours the boards share. Each game draws its board in its own
//! folder (`arimaa/svg.rs`, `backgammon/svg.rs`, `stones_rivers/svg.rs`); the pictures use no
//! external asset (no font file, no image, no `id` referenced across the document), so they
//! can be written to a file, converted to PNG, or put inline in a page many times over.

use std::fmt::Write as _;

/// The colour that marks what the last move touched.
pub const HIGHLIGHT: &str = "#f5c518";

/// The font every picture names (generic, so no font is needed beyond the system's).
pub const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// A coordinate or length as a picture writes it: to a tenth, without a `.0` on a whole
/// number (`40`, `40.5`), so that a page carrying many pictures stays small.
#[derive(Clone, Copy, Debug)]
pub struct Num(pub f64);

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let tenths = (self.0 * 10.0).round();
        if tenths % 10.0 == 0.0 {
            write!(f, "{}", tenths / 10.0 + 0.0)
        } else {
            write!(f, "{:.1}", tenths / 10.0)
        }
    }
}

/// `text` with the five XML special characters escaped, for text content and attribute values.
/// Control characters other than tab and line breaks, which XML 1.0 does not allow, become `?`.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c.is_control() => out.push('?'),
            c => out.push(c),
        }
    }
    out
}

/// An SVG document being written. Attributes given as `attrs` are written as they are (the
/// callers pass fixed strings and numbers); every text and title is escaped.
#[derive(Debug)]
pub struct Svg {
    out: String,
}

impl Svg {
    /// A picture `width` x `height` (user units = pixels) on a `background`, with a `title`
    /// (shown as a tooltip, read by screen readers).
    pub fn new(width: f64, height: f64, title: &str, background: &str) -> Svg {
        let mut out = String::with_capacity(16 * 1024);
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"{FONT}\" role=\"img\">\n<title>{}</title>\n",
            escape(title)
        );
        let _ = writeln!(out, "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"{background}\"/>");
        Svg { out }
    }

    /// A rectangle.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, attrs: &str) {
        let (x, y, w, h) = (Num(x), Num(y), Num(w), Num(h));
        let _ = writeln!(self.out, "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" {attrs}/>");
    }

    /// A circle.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, attrs: &str) {
        let (cx, cy, r) = (Num(cx), Num(cy), Num(r));
        let _ = writeln!(self.out, "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" {attrs}/>");
    }

    /// A straight line.
    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), attrs: &str) {
        let (x1, y1, x2, y2) = (Num(x1), Num(y1), Num(x2), Num(y2));
        let _ = writeln!(self.out, "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" {attrs}/>");
    }

    /// Straight lines of one style (a grid) as one path, each `(from, to)` a segment.
    pub fn lines(&mut self, segments: impl IntoIterator<Item = ((f64, f64), (f64, f64))>, attrs: &str) {
        self.out.push_str("<path d=\"");
        for ((x1, y1), (x2, y2)) in segments {
            let _ = write!(self.out, "M{} {}L{} {}", Num(x1), Num(y1), Num(x2), Num(y2));
        }
        let _ = writeln!(self.out, "\" fill=\"none\" {attrs}/>");
    }

    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], attrs: &str) {
        let list: Vec<String> = points.iter().map(|&(x, y)| format!("{},{}", Num(x), Num(y))).collect();
        let _ = writeln!(self.out, "<polygon points=\"{}\" {attrs}/>", list.join(" "));
    }

    /// An arrow from `from` to `to`: a line and a filled head, drawn without markers (a
    /// marker's `id` would clash when many pictures share a page).
    pub fn arrow(&mut self, from: (f64, f64), to: (f64, f64), width: f64, color: &str) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1.0 {
            return;
        }
        let (ux, uy) = (dx / len, dy / len);
        let head = (width * 3.0).min(len * 0.6);
        let base = (to.0 - ux * head, to.1 - uy * head);
        let side = (-uy * head * 0.55, ux * head * 0.55);
        let attrs = format!("stroke=\"{color}\" stroke-width=\"{}\" stroke-linecap=\"round\"", Num(width));
        self.line(from, base, &attrs);
        self.polygon(
            &[to, (base.0 + side.0, base.1 + side.1), (base.0 - side.0, base.1 - side.1)],
            &format!("fill=\"{color}\""),
        );
    }

    /// A text at (`x`, `y`) (the baseline; `attrs` may set `text-anchor`, size, weight).
    pub fn text(&mut self, x: f64, y: f64, text: &str, attrs: &str) {
        let _ = writeln!(self.out, "<text x=\"{}\" y=\"{}\" {attrs}>{}</text>", Num(x), Num(y), escape(text));
    }

    /// Opens a group with these attributes (closed by [`Svg::end_group`]).
    pub fn group(&mut self, attrs: &str) {
        let _ = writeln!(self.out, "<g {attrs}>");
    }

    /// Closes the group opened last.
    pub fn end_group(&mut self) {
        self.out.push_str("</g>\n");
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// A place of a picture a person can click on the analysis page: an Arimaa or Stones and
/// Rivers square (`data-square`), a backgammon point (`data-point`), with its box.
#[derive(Clone, Debug, PartialEq)]
pub struct Place {
    /// `square` or `point`: the attribute is `data-` and this.
    pub attribute: &'static str,
    /// Its name: `e2`, `D6`, `13`.
    pub name: String,
    /// The box: left, top, width, height.
    pub area: (f64, f64, f64, f64),
}

/// `svg` (a finished picture) with a transparent rectangle over each of `places`, last so that
/// it takes the clicks, carrying its `data-` attribute and the class `place`.
pub fn with_places(svg: &str, places: &[Place]) -> String {
    let body = svg.trim_end().strip_suffix("</svg>").unwrap_or(svg);
    let mut out = String::with_capacity(body.len() + places.len() * 96 + 8);
    out.push_str(body);
    for p in places {
        let (x, y, w, h) = (Num(p.area.0), Num(p.area.1), Num(p.area.2), Num(p.area.3));
        let _ = writeln!(
            out,
            "<rect class=\"place\" data-{}=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" \
             fill=\"transparent\"/>",
            p.attribute,
            escape(&p.name)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// A check that a document is well-formed XML as far as these pictures and pages go: every
/// tag closed in order, attributes quoted, no stray `<` or `&`. For the tests.
#[cfg(test)]
pub(crate) fn check_well_formed(doc: &str) -> Result<(), String> {
    let mut stack: Vec<&str> = Vec::new();
    let mut rest = doc;
    while let Some(start) = rest.find(['<', '&']) {
        check_text(&rest[..start])?;
        rest = &rest[start..];
        if rest.starts_with('&') {
            let end = rest.find(';').ok_or("an & without ;")?;
            let entity = &rest[1..end];
            let known = ["amp", "lt", "gt", "quot", "#39"];
            if !known.contains(&entity) {
                return Err(format!("unknown entity &{entity};"));
            }
            rest = &rest[end + 1..];
            continue;
        }
        let end = rest.find('>').ok_or("a tag without >")?;
        let tag = &rest[1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            match stack.pop() {
                Some(open) if open == name.trim() => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
            continue;
        }
        if tag.starts_with('!') || tag.starts_with('?') {
            continue;
        }
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let name = body.split_whitespace().next().ok_or("an empty tag")?;
        if !body.matches('"').count().is_multiple_of(2) {
            return Err(format!("unbalanced quotes in <{body}>"));
        }
        if body[name.len()..].contains(['<', '&']) && !body[name.len()..].contains("&amp;") {
            return Err(format!("a raw < or & in <{body}>"));
        }
        if !self_closing {
            stack.push(name);
        }
    }
    check_text(rest)?;
    if let Some(open) = stack.pop() {
        return Err(format!("<{open}> is never closed"));
    }
    Ok(())
}

#[cfg(test)]
fn check_text(text: &str) -> Result<(), String> {
    if text.contains('>') {
        return Err(format!("a raw > in text {text:?}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_to_a_tenth_without_a_trailing_zero() {
        let shown: Vec<String> =
            [40.0, 40.5, 0.04, -0.04, -3.0, 2.25, 1e6].iter().map(|&n| Num(n).to_string()).collect();
        assert_eq!(shown, ["40", "40.5", "0", "0", "-3", "2.3", "1000000"]);
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\" 'd'>\u{1}"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;?");
        let mut svg = Svg::new(10.0, 10.0, "<title>", "white");
        svg.text(1.0, 2.0, "x < y & z", "font-size=\"3\"");
        svg.arrow((0.0, 0.0), (5.0, 5.0), 1.0, "red");
        let doc = svg.finish();
        assert!(doc.contains("x &lt; y &amp; z"), "{doc}");
        assert_eq!(check_well_formed(&doc), Ok(()));
        assert!(check_well_formed("<svg><g></svg>").is_err());
        assert!(check_well_formed("<svg>a > b</svg>").is_err());
    }
}
