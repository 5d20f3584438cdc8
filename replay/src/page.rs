//! The replay page (`tabula replay FILE --format html`): one self-contained HTML file, with no
//! network access, holding the game's header, the verdict, every position as an inline SVG
//! picture (all but one hidden), the move list, and a little JavaScript to step through them:
//! previous and next buttons, the arrow keys (Home and End for the ends), and a click on a move.
//! An illegal game opens at the position its breaking move is played on, the error shown
//! under the board and as the move list's last entry.
//!
//! Every page is an analysis board too (`docs/page.md`): beside the record, a board opened
//! at the position shown, on which moves are tried by click and by text and judged by the
//! project's engine compiled to WebAssembly (the `tabula-web` crate), inlined in the page as
//! base64 ([`embed_module`]); `tabula board` writes the board alone ([`board`]). The page's
//! script only draws what the module answers and forwards clicks and text to it; the module
//! is [`MODULE`], kept in this crate. A page written without the module (the library's
//! [`html`] alone, not given to [`embed_module`]) says so where the board would be.
//!
//! Opened with `#selftest` at the end of its address, the page tests itself once loaded: it
//! goes to the start, presses the right arrow key, checks that the board changed, clicks a
//! move and the previous button, and writes `selftest: pass` (or `selftest: fail: ...`, with
//! any script error caught) into the element `#selftest`. The browser tests read it from
//! the page's DOM (`chromium --headless --dump-dom`).

use std::fmt::Write as _;

use crate::report::{ErrorInfo, Suggestion, Verdict};
use crate::svg::escape;
use crate::view::{GameView, RepairContext};

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
#board[data-flipped=true] svg, #analysis[data-flipped=true] #aboard svg { transform: rotate(180deg); }
#board[data-flipped=true] svg text, #analysis[data-flipped=true] #aboard svg text { transform-box: fill-box; transform-origin: center; transform: rotate(180deg); }
.tree { font-size: 13px; min-width: 220px; max-width: 300px; }
#moves .node { cursor: pointer; padding: 0 3px; border-radius: 3px; }
#moves .node.current { background: #ffe58a; }
#moves .node:hover { background: #eef; }
#moves .variation { color: #1f4fa1; }
.tree #moves { min-width: 0; max-height: 420px; padding: 4px; line-height: 1.6; }
#paste { width: 100%; height: 60px; font-family: monospace; font-size: 12px; }
#keys { font-size: 12px; background: #fff; border: 1px solid #ccc; padding: 4px 8px; }
#keys dt { font-weight: bold; } #keys dd { margin: 0 0 4px 12px; }
#sgf { width: 100%; height: 90px; font-family: monospace; font-size: 12px; }
nav { margin: 8px 0; display: flex; gap: 6px; align-items: center; }
nav button { font-size: 14px; padding: 4px 10px; }
#where { font-size: 14px; margin-left: 8px; }
#moves { margin: 0; padding: 4px 4px 4px 0; list-style: none; max-height: 640px; overflow-y: auto; min-width: 260px;
  border: 1px solid #ccc; background: #fff; font-size: 13px; }
#moves li { padding: 2px 8px; cursor: pointer; white-space: pre; }
#moves li:hover { background: #eef; }
#moves li.current { background: #ffe58a; }
#moves li.error { color: #b00000; cursor: default; white-space: pre-wrap; }
#moves li.variation { white-space: normal; cursor: default; color: #1f4fa1; padding-left: 18px; }
.pieces button.chosen { background: #1f6fd1; color: #fff; }
#selftest { font-size: 12px; color: #555; }
#analysis { border-top: 1px solid #ccc; margin-top: 14px; padding-top: 10px; display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
#aboard svg { display: block; max-width: 100%; height: auto; }
#aboard rect.place { cursor: pointer; }
#aboard rect.place:hover { fill: rgba(31, 111, 209, 0.12); }
#aboard rect.place.selected { fill: rgba(31, 111, 209, 0.28); stroke: #1f6fd1; stroke-width: 3; }
.panel { font-size: 14px; min-width: 300px; max-width: 520px; }
.panel p { margin: 4px 0; }
.panel code { background: #f0ede4; padding: 1px 4px; word-break: break-all; }
.panel input#move { width: 260px; font-size: 14px; }
#error { color: #b00000; white-space: pre-wrap; }
#error li { color: #1f4fa1; cursor: pointer; }
#note { color: #555; }
#legal { list-style: none; margin: 4px 0; padding: 0; max-height: 260px; overflow-y: auto; border: 1px solid #ccc; background: #fff;
  columns: 2; font-size: 13px; }
#legal li { padding: 1px 6px; cursor: pointer; white-space: nowrap; }
#legal li:hover { background: #eef; }
#record { width: 100%; height: 120px; font-family: monospace; font-size: 12px; }
.dice button { font-size: 14px; min-width: 28px; }
";

const SCRIPT: &str = r#"
(function () {
  var frames = document.querySelectorAll('#board .frame');
  var items = document.querySelectorAll('#moves li[data-i]');
  var where = document.getElementById('where');
  var current = -1;
  // The frame shown (the board's tree calls it too: a record's position is a node of its main line).
  function showFrame(i) {
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
  // A frame asked for: the analysis board's tree goes there once it is loaded, else the frame alone.
  function show(i) {
    i = Math.max(0, Math.min(frames.length - 1, i));
    var board = window.tabulaBoard;
    if (board && board.toFrame) board.toFrame(i);
    else showFrame(i);
  }
  document.getElementById('first').addEventListener('click', function () { show(0); });
  document.getElementById('prev').addEventListener('click', function () { show(current - 1); });
  document.getElementById('next').addEventListener('click', function () { show(current + 1); });
  document.getElementById('last').addEventListener('click', function () { show(frames.length - 1); });
  for (var k = 0; k < items.length; k++) {
    items[k].addEventListener('click', function (e) { show(Number(e.currentTarget.getAttribute('data-i'))); });
  }
  // The keys step through the record until the board's tree takes them over.
  document.addEventListener('keydown', function (e) {
    if (window.tabulaBoard && window.tabulaBoard.toFrame) return;
    var t = e.target;
    if (t && t.tagName && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
    var to = { ArrowRight: current + 1, ArrowDown: current + 1, ArrowLeft: current - 1, ArrowUp: current - 1,
               Home: 0, End: frames.length - 1 }[e.key];
    if (to !== undefined) { show(to); e.preventDefault(); }
  });
  showFrame(Number(document.body.getAttribute('data-start')));
  window.tabulaShowFrame = showFrame;
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
         <meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\">\n<title>{title}</title>\n<style>{STYLE}</style>\n"
    );
    let listed = suggested(view);
    if listed.is_some() {
        let _ = writeln!(out, "<style>{REPAIRS_STYLE}</style>");
    }
    let _ = write!(
        out,
        "<script>window.tabulaErrors = []; window.addEventListener('error', function (e) \
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
        let at = frame.position.as_ref().map_or_else(String::new, |p| format!(" data-position=\"{}\"", escape(p)));
        // Backgammon: the record's play that led here, for the whole tree's .sgf.
        let play = frame.play.as_ref().map_or_else(String::new, |(text, roll)| {
            format!(" data-play=\"{}\" data-dice=\"{}\"", escape(text), escape(roll))
        });
        let _ = writeln!(out, "<div class=\"frame\" data-i=\"{i}\"{at}{play} hidden>\n{}</div>", frame.svg());
    }
    out.push_str("</div>\n<nav><button id=\"first\" title=\"Home\">|&lt;</button>");
    out.push_str("<button id=\"prev\" title=\"left arrow\">&lt; previous</button>");
    out.push_str("<button id=\"next\" title=\"right arrow\">next &gt;</button>");
    out.push_str("<button id=\"last\" title=\"End\">&gt;|</button><span id=\"where\"></span></nav>\n");
    out.push_str("<p id=\"selftest\"></p>\n</div>\n<ol id=\"moves\">\n");
    for (i, frame) in view.frames.iter().enumerate() {
        let _ = writeln!(
            out,
            "<li data-i=\"{i}\" data-node=\"{i}\" data-turn=\"{}\">{}</li>",
            frame.turn,
            escape(&frame.label)
        );
    }
    if let (Some(e), true) = (&view.report.error, broken) {
        let line = (e.line != ErrorInfo::NO_LINE).then(|| format!("line {}", e.line));
        let turn = (!e.turn.is_empty()).then(|| format!("move {}", e.turn));
        let place = [line, turn].into_iter().flatten().collect::<Vec<_>>().join(", ");
        let token = if e.token.is_empty() { String::new() } else { format!(" `{}`", e.token) };
        let text = format!("{}: {place}{token}: {}", view.report.verdict.as_str(), e.message);
        let _ = writeln!(out, "<li class=\"error\" id=\"break\">{}</li>", escape(&text));
    }
    if let Some(found) = listed {
        repairs(&mut out, view, found);
    }
    out.push_str("</ol>\n</main>\n");
    let kind = view.report.kind;
    let opened = view.frames.get(start).and_then(|f| f.position.clone());
    analysis(&mut out, kind, opened.as_deref().unwrap_or(""), "g", false);
    out.push_str("<script>");
    out.push_str(SCRIPT);
    out.push_str("</script>\n<script>");
    out.push_str(BOARD_SCRIPT);
    if listed.is_some() {
        out.push_str("</script>\n<script>");
        out.push_str(REPAIRS_SCRIPT);
    }
    out.push_str("</script>\n</body>\n</html>\n");
    out
}

/// The style of the list of repairs, written only in a page that has one (the pages of legal
/// games stay as they were).
const REPAIRS_STYLE: &str = "#moves li.repairs { cursor: default; white-space: normal; color: #555; } \
#repairs { margin: 2px 0; padding-left: 18px; } #repairs li { color: #1f4fa1; cursor: pointer; white-space: pre; }";

/// A click on a suggestion of the list of repairs: the record's frame where it breaks is
/// shown, the board opened there afresh (a line tried from there stays in the tree), given the roll
/// or the view of short notation the breaking move was written with, and the move played: the
/// script asks the module, as for a move typed.
const REPAIRS_SCRIPT: &str = r#"
(function () {
  var list = document.getElementById('repairs');
  list.addEventListener('click', function (e) {
    var li = e.target.closest('li[data-move]');
    var board = window.tabulaBoard;
    if (!li || !board) return;
    var frame = Number(list.getAttribute('data-frame'));
    window.tabulaShow(frame);
    var view = list.getAttribute('data-view');
    if (view) board.call({ op: 'view', view: view });
    var dice = list.getAttribute('data-dice');
    if (dice) board.call({ op: 'dice', dice: dice });
    board.call({ op: 'move', text: li.getAttribute('data-move') });
  });
})();
"#;

/// The suggestions `tabula check --suggest` gives an illegal game, when it gives some.
fn suggested(view: &GameView) -> Option<&[Suggestion]> {
    let e = view.report.error.as_ref().filter(|_| view.report.verdict == Verdict::Illegal)?;
    e.suggestions.as_deref().map(|s| &s[..]).filter(|s| !s.is_empty())
}

/// Under the break of an illegal game, the suggestions `found` for it (those that repair the
/// record first), each with what the record gets with it: the list `#repairs`, whose items are
/// clicked to play them on the board (see [`REPAIRS_SCRIPT`]).
fn repairs(out: &mut String, view: &GameView, found: &[Suggestion]) {
    let frame = view.frames.len().saturating_sub(1);
    let _ = write!(out, "<li class=\"repairs\">in its place: <ul id=\"repairs\" data-frame=\"{frame}\"");
    match &view.repair_context {
        Some(RepairContext::Dice(dice)) => {
            let _ = write!(out, " data-dice=\"{}\"", escape(dice));
        }
        Some(RepairContext::View(v)) => {
            let _ = write!(out, " data-view=\"{v}\"");
        }
        None => {}
    }
    out.push_str(">\n");
    for s in found {
        let then = s.then.map_or("", |t| t.as_str());
        let turns = s.turns.unwrap_or(0);
        let plural = if turns == 1 { "" } else { "s" };
        let what = if s.then == Some(Verdict::Ok) {
            format!("repairs the record ({turns} {}{plural})", view.report.turn_word())
        } else {
            format!("{then} after {turns} {}{plural}", view.report.turn_word())
        };
        let _ = writeln!(
            out,
            "<li data-move=\"{m}\" data-then=\"{then}\" data-turns=\"{turns}\" title=\"play this move in place of the one written\">{m}: {what}</li>",
            m = escape(&s.r#move),
        );
    }
    out.push_str("</ul></li>\n");
}

/// The page's Content-Security-Policy: nothing from the network; inline style and script, and
/// the inlined WebAssembly module compiled.
const CSP: &str =
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline' 'wasm-unsafe-eval'; img-src data:";

/// The element the module's base64 goes into.
const MODULE_SLOT: &str = "<script type=\"application/octet-stream\" id=\"module\"></script>";

/// The analysis board (`docs/page.md`) for game `kind` (`arimaa`, `backgammon`,
/// `stones-and-rivers`) opened at `position` (the game's start when empty), with Arimaa's
/// short notation in `view` (`g`, `s`, `n`): a page of its own, to be given the module with
/// [`embed_module`].
pub fn board(kind: &str, position: &str, view: &str) -> String {
    board_with(kind, position, view, &Aside::NONE)
}

/// What a way in puts beside the analysis board of [`board_with`]: `tabula serve`'s explorer.
/// Its script runs after the board's, which it reaches through `window.tabulaBoard`
/// (`docs/page.md`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Aside<'a> {
    /// The page's title, in place of the board's.
    pub title: &'a str,
    /// HTML written at the end of the board's section, beside the board and its panel.
    pub html: &'a str,
    /// Style added to the board's.
    pub style: &'a str,
    /// Script run after the board's.
    pub script: &'a str,
    /// Whether the page may ask its own server (`connect-src 'self'` in its
    /// Content-Security-Policy); a page opened from disk may not.
    pub connect: bool,
}

impl Aside<'_> {
    /// Nothing beside the board: the page of `tabula board`.
    pub const NONE: Aside<'static> = Aside { title: "", html: "", style: "", script: "", connect: false };
}

/// [`board`] with `aside` beside it.
pub fn board_with(kind: &str, position: &str, view: &str, aside: &Aside<'_>) -> String {
    let title = if aside.title.is_empty() { format!("{kind}: analysis board") } else { aside.title.to_owned() };
    let csp = if aside.connect { format!("{CSP}; connect-src 'self'") } else { CSP.to_owned() };
    let mut out = String::with_capacity(64 * 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"{csp}\">\n<title>{}</title>\n<style>{STYLE}{}</style>\n\
         <script>window.tabulaErrors = []; window.addEventListener('error', function (e) \
         {{ window.tabulaErrors.push('script error: ' + e.message); }});</script>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(&title),
        aside.style,
        escape(&title)
    );
    analysis(&mut out, kind, position, view, true);
    // Inside the board's section, so that it stands beside the board and its panel.
    if let Some(end) = out.rfind("</section>") {
        out.insert_str(end, aside.html);
    }
    out.push_str("<script>");
    out.push_str(BOARD_SCRIPT);
    out.push_str("</script>\n");
    if !aside.script.is_empty() {
        out.push_str("<script>");
        out.push_str(aside.script);
        out.push_str("</script>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// The analysis page's WebAssembly module (the `tabula-web` crate), for [`embed_module`]: the
/// copy kept in this crate (`module/tabula_web.wasm`), which `scripts/build_module.sh` builds
/// and CI checks against a fresh build. Not in the library built for WebAssembly, the one the
/// module itself is built on, so that no build of the module holds a copy of the last one.
#[cfg(not(target_arch = "wasm32"))]
pub const MODULE: &[u8] = include_bytes!("../module/tabula_web.wasm");

/// `page` (from [`html`] or [`board`]) with the WebAssembly module `wasm` inlined, compressed
/// (raw deflate, which the page's script inflates with the browser's own
/// `DecompressionStream('deflate-raw')`) and in base64; a page without the slot is left as it
/// is. The module compressed is kept for the process, so that pages written one after another
/// compress it once.
pub fn embed_module(page: &str, wasm: &[u8]) -> String {
    if !page.contains(MODULE_SLOT) {
        return page.to_owned();
    }
    let filled = format!(
        "<script type=\"application/octet-stream\" id=\"module\" data-encoding=\"deflate-raw\">{}</script>",
        packed(wasm)
    );
    page.replacen(MODULE_SLOT, &filled, 1)
}

/// `wasm` deflated and in base64, computed once for the module a process embeds.
fn packed(wasm: &[u8]) -> String {
    use std::io::Write as _;
    use std::sync::Mutex;
    static LAST: Mutex<Option<(Vec<u8>, String)>> = Mutex::new(None);
    let mut last = LAST.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((bytes, text)) = last.as_ref() {
        if bytes == wasm {
            return text.clone();
        }
    }
    let mut encoder = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
    // Writing into a vector cannot fail.
    let deflated = encoder.write_all(wasm).and_then(|()| encoder.finish()).unwrap_or_default();
    let text = base64(&deflated);
    *last = Some((wasm.to_vec(), text.clone()));
    text
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], chunk.get(1).copied().unwrap_or(0), chunk.get(2).copied().unwrap_or(0)];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(char::from(ABC[(n >> (18 - 6 * k) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The analysis panel: the board, the fixed element ids of `docs/page.md`, the module slot.
/// A page of the board alone (`standalone`, [`board`]) has the board's own `#board` around it,
/// the tree of moves tried (`#moves`), paste, the link and the keys' help; a replay page has
/// its record's `#board` and `#moves`, flips both boards, and has a paste of its own that opens
/// a text in place of the record. Backgammon's `#sgf` is on both.
fn analysis(out: &mut String, kind: &str, position: &str, view: &str, standalone: bool) {
    let _ = writeln!(
        out,
        "<section id=\"analysis\" data-game=\"{}\" data-position=\"{}\" data-view=\"{}\">",
        escape(kind),
        escape(position),
        escape(view)
    );
    if standalone {
        out.push_str(
            "<div id=\"board\" data-flipped=\"false\"><div id=\"aboard\"></div></div>\n<div class=\"tree\">\
             <p>moves <button id=\"flip\" title=\"turn the board\">flip</button> <button id=\"link\" \
             title=\"copy a link to this board, its moves and the move shown\">link</button> <button id=\"help\" \
             title=\"the keys\">?</button> <span id=\"copied\"></span></p>\n{KEYS}\
             <div id=\"moves\"></div>\n<p><textarea id=\"paste\" placeholder=\"paste a record or a position\" \
             spellcheck=\"false\"></textarea><br><button id=\"load\">load</button></p>\n</div>\n"
                .replace("{KEYS}", KEYS)
                .as_str(),
        );
    } else {
        out.push_str("<div id=\"aboard\"></div>\n");
    }
    out.push_str(
        "<div class=\"panel\">\n<p><input id=\"move\" type=\"text\" placeholder=\"a move; Enter plays it\" \
         autocomplete=\"off\" spellcheck=\"false\"> <button id=\"play\">play</button> <button id=\"undo\">undo</button>",
    );
    if !standalone {
        out.push_str(
            " <button id=\"flip\" title=\"turn the boards\">flip</button> <button id=\"link\" title=\"copy a link to \
             this page's moves tried and the move shown\">link</button> <button id=\"help\" title=\"the keys\">?</button> \
             <span id=\"copied\"></span>",
        );
    }
    out.push_str("</p>\n");
    if !standalone {
        out.push_str(KEYS);
    }
    match kind {
        "arimaa" => {
            out.push_str(
                "<p>view <select id=\"view\"><option value=\"g\">g</option><option value=\"s\">s</option>\
                 <option value=\"n\">n</option></select> <button id=\"finish\">end turn</button> \
                 <button id=\"turns\">whole turns</button></p>\n<p class=\"pieces\" id=\"setup-pieces\"></p>\n",
            );
        }
        "backgammon" => {
            out.push_str(
                "<p>dice <input id=\"dice\" type=\"text\" size=\"3\" placeholder=\"31\"> <button id=\"roll\">roll</button> \
                 <span class=\"dice\" id=\"dice-buttons\"></span> <span id=\"side\"></span></p>\n\
                 <p>cube <code id=\"cube\"></code></p>\n<p>score <code id=\"score\"></code></p>\n",
            );
        }
        _ => {}
    }
    out.push_str("<p>position <code id=\"position\"></code></p>\n<p>played <code id=\"played\"></code>");
    if kind == "arimaa" {
        out.push_str(" short <code id=\"short\"></code>");
    }
    out.push_str(
        " <span id=\"pending-label\">pending</span> <code id=\"pending\"></code></p>\n<div id=\"error\"></div>\n\
         <p id=\"note\"></p>\n<p>legal moves (<span id=\"legal-count\">0</span>)</p>\n<ul id=\"legal\"></ul>\n\
         <p>the line tried, as a record <code>tabula check</code> reads:</p>\n<textarea id=\"record\" readonly></textarea>\n",
    );
    if !standalone {
        out.push_str(PASTE);
    }
    if kind == "backgammon" {
        out.push_str(
            "<p>every line tried, as one GNU Backgammon <code>.sgf</code> game with its variations:</p>\n\
             <textarea id=\"sgf\" readonly></textarea>\n",
        );
    }
    out.push_str("</div>\n");
    out.push_str(MODULE_SLOT);
    out.push_str("\n</section>\n");
}

const BOARD_SCRIPT: &str = include_str!("page_board.js");

/// A replay page's paste: a record or position opened in place of the record (`docs/page.md`).
const PASTE: &str = "<p>a record or a position to open in place of this one:<br><textarea id=\"paste\" \
placeholder=\"paste a record or a position\" spellcheck=\"false\"></textarea><br><button id=\"load\">load</button></p>\n";

/// The keys' help of a board page, shown by `?`.
const KEYS: &str = "<dl id=\"keys\" hidden><dt>&larr; &rarr;</dt><dd>one move back, forward</dd>\
<dt>Home End</dt><dd>the start, the end of the line</dd><dt>&uarr; &darr;</dt><dd>the previous, next variation \
at this move</dd><dt>?</dt><dd>this help</dd><dd>(not while typing in a field)</dd></dl>\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_page_has_the_ids_and_takes_the_module() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        let page = board("arimaa", "", "s");
        for id in ["move", "view", "position", "played", "short", "error", "legal", "undo", "record"] {
            assert!(page.contains(&format!("id=\"{id}\"")), "{id}");
        }
        assert!(!page.contains("id=\"dice\""));
        assert!(board("backgammon", "", "g").contains("id=\"dice\""));
        assert!(page.contains("'wasm-unsafe-eval'") && page.contains("default-src 'none'"));
        let filled = embed_module(&page, b"\0asm");
        let text = filled.split("data-encoding=\"deflate-raw\">").nth(1).and_then(|s| s.split('<').next());
        let deflated = text.map(base64_decoded).unwrap_or_default();
        let mut inflated = Vec::new();
        let read = std::io::Read::read_to_end(&mut flate2::read::DeflateDecoder::new(&deflated[..]), &mut inflated);
        assert!(read.is_ok() && inflated == b"\0asm", "{filled}");
    }

    fn base64_decoded(text: &str) -> Vec<u8> {
        const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut bits = 0u32;
        let mut n = 0;
        let mut out = Vec::new();
        for c in text.bytes().filter(|&c| c != b'=') {
            let v = ABC.iter().position(|&a| a == c).unwrap_or(0) as u32;
            bits = bits << 6 | v;
            n += 6;
            if n >= 8 {
                n -= 8;
                out.push((bits >> n) as u8);
            }
        }
        out
    }

    fn broken_short_game(suggestions: Option<Vec<Suggestion>>) -> GameView {
        use crate::report::{ErrorInfo, GameReport, Suggestions};
        use crate::view::Frame;
        let error = ErrorInfo {
            turn: "2g".into(),
            line: 1,
            token: "e^^r4^".into(),
            message: "no piece".into(),
            suggestions: suggestions.map(|s| Box::new(Suggestions(s))),
        };
        let mut report = GameReport::unreadable("t.txt".into(), "t".into(), "arimaa", error);
        report.verdict = Verdict::Illegal;
        let frames = vec![
            Frame::new("start", 0, |_| String::new()).at(Some(String::new())),
            Frame::new("1s", 1, |_| String::new()),
        ];
        let mut view = GameView::new("t".into(), Vec::new(), frames, report);
        view.repair_context = Some(RepairContext::View("s"));
        view
    }

    #[test]
    fn the_list_of_repairs_is_written_with_its_view_only_when_there_are_suggestions() {
        let s = |m: &str, then, turns| Suggestion { r#move: m.into(), then: Some(then), turns: Some(turns) };
        let found = vec![s("e^^r4<", Verdict::Ok, 9), s("e^^r4>", Verdict::Illegal, 1)];
        let page = html(&broken_short_game(Some(found)), None);
        assert!(page.contains("<ul id=\"repairs\" data-frame=\"1\" data-view=\"s\">"), "{page}");
        assert!(page.contains("<li data-move=\"e^^r4&lt;\" data-then=\"ok\" data-turns=\"9\""));
        assert!(page.contains(">e^^r4&lt;: repairs the record (9 moves)</li>"));
        assert!(page.contains(">e^^r4&gt;: illegal after 1 move</li>"));
        assert!(page.contains(REPAIRS_SCRIPT) && page.contains(REPAIRS_STYLE));
        for none in [None, Some(Vec::new())] {
            let page = html(&broken_short_game(none), None);
            assert!(!page.contains("repairs"), "{page}");
        }
    }

    #[test]
    fn the_kept_module_is_a_webassembly_module_that_answers_the_page() {
        assert!(MODULE.starts_with(b"\0asm\x01\0\0\0"), "replay/module/tabula_web.wasm: not a WebAssembly module");
        // The exports the page's script calls (page_board.js).
        for export in [&b"tabula_input"[..], b"tabula_output", b"tabula_request"] {
            assert!(MODULE.windows(export.len()).any(|w| w == export), "{}", String::from_utf8_lossy(export));
        }
    }
}
