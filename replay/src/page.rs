//! The replay page (`tabula replay FILE --format html`): one self-contained HTML file, with no
//! network access, holding the game's header, the verdict, every position as an inline SVG
//! picture (all but one hidden), the move list, and a little JavaScript to step through them:
//! previous and next buttons, the arrow keys (Home and End for the ends), and a click on a move.
//! An illegal game opens at the position its breaking move is played on, the error shown
//! under the board and as the move list's last entry.
//!
//! Opened with `#selftest` at the end of its address, the page tests itself once loaded: it
//! goes to the start, presses the right arrow key, checks that the board changed, clicks a
//! move and the previous button, and writes `selftest: pass` (or `selftest: fail: ...`, with
//! any script error caught) into the element `#selftest`. The browser tests read it from
//! the page's DOM (`chromium --headless --dump-dom`).

use std::fmt::Write as _;

use crate::report::Verdict;
use crate::svg::escape;
use crate::view::GameView;

const STYLE: &str = "
body { font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; margin: 16px; color: #222; background: #fafaf7; }
h1 { font-size: 20px; margin: 0 0 8px; }
table.header { border-collapse: collapse; margin-bottom: 8px; font-size: 14px; }
table.header th { text-align: left; padding: 1px 12px 1px 0; color: #555; font-weight: normal; }
.verdict { font-size: 14px; padding: 6px 10px; border-radius: 4px; white-space: pre-wrap; margin: 0 0 10px; }
.verdict.ok { background: #e3f3e3; }
.verdict.bad { background: #fde2e0; border: 1px solid #d0021b; }
main { display: flex; gap: 16px; align-items: flex-start; }
#board .frame svg { display: block; max-width: 100%; height: auto; }
nav { margin: 8px 0; display: flex; gap: 6px; align-items: center; }
nav button { font-size: 14px; padding: 4px 10px; }
#where { font-size: 14px; margin-left: 8px; }
#moves { margin: 0; padding: 4px 4px 4px 0; list-style: none; max-height: 640px; overflow-y: auto; min-width: 260px;
  border: 1px solid #ccc; background: #fff; font-size: 13px; }
#moves li { padding: 2px 8px; cursor: pointer; white-space: pre; }
#moves li:hover { background: #eef; }
#moves li.current { background: #ffe58a; }
#moves li.error { color: #b00000; cursor: default; white-space: pre-wrap; }
#selftest { font-size: 12px; color: #555; }
";

const SCRIPT: &str = r#"
(function () {
  var frames = document.querySelectorAll('#board .frame');
  var items = document.querySelectorAll('#moves li[data-i]');
  var where = document.getElementById('where');
  var current = -1;
  function show(i) {
    if (frames.length === 0) return;
    i = Math.max(0, Math.min(frames.length - 1, i));
    if (current >= 0) { frames[current].hidden = true; items[current].classList.remove('current'); }
    current = i;
    frames[i].hidden = false;
    items[i].classList.add('current');
    var list = document.getElementById('moves');
    var item = items[i];
    if (item.offsetTop < list.scrollTop || item.offsetTop > list.scrollTop + list.clientHeight - item.offsetHeight) {
      list.scrollTop = item.offsetTop - list.clientHeight / 2;
    }
    where.textContent = 'position ' + i + ' of ' + (frames.length - 1) + ' \u2014 turn ' + items[i].getAttribute('data-turn');
  }
  document.getElementById('first').addEventListener('click', function () { show(0); });
  document.getElementById('prev').addEventListener('click', function () { show(current - 1); });
  document.getElementById('next').addEventListener('click', function () { show(current + 1); });
  document.getElementById('last').addEventListener('click', function () { show(frames.length - 1); });
  for (var k = 0; k < items.length; k++) {
    items[k].addEventListener('click', function (e) { show(Number(e.currentTarget.getAttribute('data-i'))); });
  }
  document.addEventListener('keydown', function (e) {
    var to = { ArrowRight: current + 1, ArrowDown: current + 1, ArrowLeft: current - 1, ArrowUp: current - 1,
               Home: 0, End: frames.length - 1 }[e.key];
    if (to !== undefined) { show(to); e.preventDefault(); }
  });
  show(Number(document.body.getAttribute('data-start')));
  window.tabulaShow = show;
  window.tabulaCurrent = function () { return current; };
  if (location.hash === '#selftest') {
    var problems = [];
    try {
      show(0);
      var before = frames[0].innerHTML;
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      if (frames.length < 2) problems.push('the game has one position only');
      else {
        if (current !== 1) problems.push('the right arrow key went to ' + current + ', not 1');
        if (!frames[0].hidden || frames[1].hidden) problems.push('the frames shown did not change');
        if (frames[1].innerHTML === before) problems.push('the board is the same after the right arrow key');
        var target = Math.min(3, frames.length - 1);
        items[target].click();
        if (current !== target) problems.push('a click on move ' + target + ' went to ' + current);
        document.getElementById('prev').click();
        if (current !== target - 1) problems.push('previous went to ' + current);
      }
    } catch (err) { problems.push('exception: ' + err); }
    problems = problems.concat(window.tabulaErrors || []);
    document.getElementById('selftest').textContent =
      problems.length === 0 ? 'selftest: pass (' + frames.length + ' positions)' : 'selftest: fail: ' + problems.join('; ');
  }
})();
"#;

/// The replay page of a game (see the module documentation); it opens at frame `start`, or,
/// without one, at the start of a legal game and at the last position of one that breaks.
pub fn html(view: &GameView, start: Option<usize>) -> String {
    let broken = view.report.verdict != Verdict::Ok;
    let last = view.frames.len().saturating_sub(1);
    let start = start.unwrap_or(if broken { last } else { 0 }).min(last);
    let mut out = String::with_capacity(view.frames.len() * 12 * 1024 + 8 * 1024);
    let title = escape(&view.title);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; \
         script-src 'unsafe-inline'; img-src data:\">\n<title>{title}</title>\n<style>{STYLE}</style>\n\
         <script>window.tabulaErrors = []; window.addEventListener('error', function (e) \
         {{ window.tabulaErrors.push('script error: ' + e.message); }});</script>\n</head>\n\
         <body data-start=\"{start}\">\n<h1>{title}</h1>\n"
    );
    if !view.header.is_empty() {
        out.push_str("<table class=\"header\">\n");
        for (key, value) in &view.header {
            let _ = writeln!(out, "<tr><th>{}</th><td>{}</td></tr>", escape(key), escape(value));
        }
        out.push_str("</table>\n");
    }
    let class = if broken { "verdict bad" } else { "verdict ok" };
    let _ = writeln!(out, "<p class=\"{class}\" id=\"verdict\">{}</p>", escape(&view.verdict));
    out.push_str("<main>\n<div>\n<div id=\"board\">\n");
    for (i, frame) in view.frames.iter().enumerate() {
        let _ = writeln!(out, "<div class=\"frame\" data-i=\"{i}\" hidden>\n{}</div>", frame.svg());
    }
    out.push_str("</div>\n<nav><button id=\"first\" title=\"Home\">|&lt;</button>");
    out.push_str("<button id=\"prev\" title=\"left arrow\">&lt; previous</button>");
    out.push_str("<button id=\"next\" title=\"right arrow\">next &gt;</button>");
    out.push_str("<button id=\"last\" title=\"End\">&gt;|</button><span id=\"where\"></span></nav>\n");
    out.push_str("<p id=\"selftest\"></p>\n</div>\n<ol id=\"moves\">\n");
    for (i, frame) in view.frames.iter().enumerate() {
        let _ = writeln!(out, "<li data-i=\"{i}\" data-turn=\"{}\">{}</li>", frame.turn, escape(&frame.label));
    }
    if let (Some(e), true) = (&view.report.error, broken) {
        let place =
            if e.turn.is_empty() { format!("line {}", e.line) } else { format!("line {}, move {}", e.line, e.turn) };
        let token = if e.token.is_empty() { String::new() } else { format!(" `{}`", e.token) };
        let text = format!("{}: {place}{token}: {}", view.report.verdict.as_str(), e.message);
        let _ = writeln!(out, "<li class=\"error\" id=\"error\">{}</li>", escape(&text));
    }
    out.push_str("</ol>\n</main>\n<script>");
    out.push_str(SCRIPT);
    out.push_str("</script>\n</body>\n</html>\n");
    out
}
