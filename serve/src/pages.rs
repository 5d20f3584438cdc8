//! The server's paths: its pages and its JSON, each the library's answer.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use axum::extract::{RawQuery, State};
use axum::response::Response;
use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
use tabula_replay::archive::Target;
use tabula_replay::database::{self, GameEntry, KindCount};
use tabula_replay::page::{self, Aside};
use tabula_replay::show::{self, OutputFormat};
use tabula_replay::svg::escape;
use tabula_replay::GameKind;

use crate::{answer, params, Failure, Params, Shared};

/// The most games of a player the home page lists.
const PLAYER_GAMES: usize = 500;

const HTML: &str = "text/html; charset=utf-8";
const JSON: &str = "application/json";

/// The explorer's script: it asks `/api/explore` for the position the board shows and plays a
/// move clicked through the board's own requests.
const EXPLORER_SCRIPT: &str = include_str!("explorer.js");
const EXPLORER_STYLE: &str = include_str!("explorer.css");

/// The style of the server's own pages (home, a player's games).
const STYLE: &str = "body { font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; margin: 16px; color: #222; \
     background: #fafaf7; } table { border-collapse: collapse; } td, th { padding: 2px 10px; text-align: left; \
     border-bottom: 1px solid #ddd; } a { color: #1d5fa8; }";

/// The kind named by parameter `game`, when given.
fn kind_of(p: &Params) -> Result<Option<GameKind>, Failure> {
    match p.non_empty("game") {
        None => Ok(None),
        Some(g) => g.parse::<GameKind>().map(Some).map_err(|e| Failure::bad(format!("game: {e}"))),
    }
}

/// The position of parameters `position` and `game`, as `explore` reads it.
fn target(p: &Params) -> Result<Target, Failure> {
    let game = kind_of(p)?;
    let Some(position) = p.non_empty("position") else { return Err(Failure::bad("position: missing")) };
    Target::parse(position, game).map_err(|e| Failure::bad(format!("position: {e}")))
}

/// `text` as a query's value.
fn q(text: &str) -> String {
    utf8_percent_encode(text, NON_ALPHANUMERIC).to_string()
}

/// `/api/explore`: `tabula explore --jsonl`'s object.
pub async fn explore(State(pool): Shared, RawQuery(query): RawQuery) -> Result<Response, Failure> {
    let p = params(query.as_deref(), &["game", "position", "dice", "player"])?;
    let target = target(&p)?;
    let dice = p.get("dice").filter(|d| !d.is_empty()).map(str::to_owned);
    let player = p.non_empty("player").map(str::to_owned);
    let key = format!(
        "{}\n{}\n{}\n{}\n{}",
        target.kind.name(),
        target.side,
        target.position,
        dice.as_deref().unwrap_or_default(),
        player.as_deref().map(str::to_ascii_lowercase).unwrap_or_default()
    );
    let json = pool
        .kept(key, move |db| {
            database::explore(db, &target, dice.as_deref(), player.as_deref()).map(|a| a.to_json()).map_err(Failure::of)
        })
        .await?;
    Ok(answer(JSON, json.to_string()))
}

/// `/api/find`: `tabula find --db --jsonl`'s objects, as one array.
pub async fn find(State(pool): Shared, RawQuery(query): RawQuery) -> Result<Response, Failure> {
    let p = params(query.as_deref(), &["game", "position"])?;
    let target = target(&p)?;
    let json = pool
        .ask(move |db| {
            let found = database::find(db, &target).map_err(Failure::of)?;
            let mut out = String::with_capacity(found.len() * 160 + 2);
            out.push('[');
            for (i, f) in found.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&f.to_json());
            }
            out.push(']');
            Ok(out)
        })
        .await?;
    Ok(answer(JSON, json))
}

/// `/board`: the analysis board of a kind at a position (its start when none), with the
/// explorer beside it (of one player's games with `player`).
pub async fn board(RawQuery(query): RawQuery) -> Result<Response, Failure> {
    let p = params(query.as_deref(), &["game", "position", "player", "view"])?;
    let position = p.non_empty("position").unwrap_or_default();
    let kind = match (kind_of(&p)?, position) {
        (Some(kind), "") => kind,
        (_, _) => target(&p)?.kind,
    };
    let view = p.non_empty("view").unwrap_or("g");
    if !["g", "s", "n"].contains(&view) {
        return Err(Failure::bad(format!("view: `{view}` is none of g, s, n")));
    }
    let player = p.non_empty("player").unwrap_or_default();
    let title = if player.is_empty() {
        format!("{}: analysis board and explorer", kind.name())
    } else {
        format!("{}: {player}'s explorer", kind.name())
    };
    let html = format!(
        "<div id=\"explorer-panel\" data-game=\"{}\" data-player=\"{}\" data-state=\"waiting\">\n\
         <div class=\"explorer-head\"><span><span class=\"explorer-title\">explorer</span>{}</span> <a href=\"/\">all games</a></div>\n\
         <p class=\"explorer-summary\"><span id=\"explorer-total\"></span> <span id=\"explorer-wins\"></span></p>\n\
         <div class=\"explorer-moves\"><table id=\"explorer\"><thead><tr><th>move</th>{}<th class=\"games\">games</th>\
         <th class=\"share\"></th><th class=\"wins\">wins</th></tr></thead><tbody></tbody></table></div>\n\
         <p id=\"explorer-error\"></p>\n<p class=\"explorer-subhead\">games that reach it</p>\n\
         <ul id=\"explorer-games\"></ul>\n</div>\n",
        kind.name(),
        escape(player),
        if player.is_empty() { String::new() } else { format!(" <span class=\"explorer-player\">of {}</span>", escape(player)) },
        if kind == GameKind::Backgammon { "<th>dice</th>" } else { "" },
    );
    let aside = Aside { title: &title, html: &html, style: EXPLORER_STYLE, script: EXPLORER_SCRIPT, connect: true };
    let text = page::board_with(kind.name(), position, view, &aside);
    Ok(answer(HTML, page::embed_module(&text, page::MODULE)))
}

/// `/game`: a game's replay page, opened at `ply`: the first copy's file as the database names
/// it, only while it holds the bytes that were indexed.
pub async fn game(State(pool): Shared, RawQuery(query): RawQuery) -> Result<Response, Failure> {
    let p = params(query.as_deref(), &["game", "fingerprint", "ply"])?;
    let Some(kind) = kind_of(&p)? else { return Err(Failure::bad("game: missing")) };
    let fingerprint = p.get("fingerprint").unwrap_or_default().to_owned();
    if fingerprint.len() != 32 || !fingerprint.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
        return Err(Failure::bad("fingerprint: 32 hex digits, as `check` writes it"));
    }
    let ply = match p.non_empty("ply") {
        None => None,
        Some(n) => Some(n.parse::<usize>().map_err(|_| Failure::bad(format!("ply: `{n}` is not a number")))?),
    };
    let db_dir = pool.path.parent().map(Path::to_path_buf).unwrap_or_default();
    let page = pool
        .ask(move |db| {
            let Some(source) = database::game_source(db, kind, &fingerprint).map_err(Failure::of)? else {
                return Err(Failure::not_found(format!("no {} game of fingerprint {fingerprint} here", kind.name())));
            };
            let path = located(&source.path, &db_dir);
            let gone = |why: String| Failure::not_found(format!("the file of this game, {}, {why}", source.path));
            match (database::GameSource { path: path.display().to_string(), ..source.clone() }).unchanged() {
                Ok(true) => {}
                Ok(false) => return Err(gone("changed since it was indexed: index it again".to_owned())),
                Err(e) => return Err(gone(format!("cannot be read: {e}"))),
            }
            let rendered = show::render(&path, Some(&source.game), ply, OutputFormat::Html)
                .map_err(|e| Failure::bad(e.to_string()))?;
            Ok(page::embed_module(&rendered.text, page::MODULE))
        })
        .await?;
    Ok(answer(HTML, page))
}

/// The file of an indexed path: as it was given (from where the server runs), else beside the
/// database when it is relative and not found so.
fn located(path: &str, db_dir: &Path) -> PathBuf {
    let given = PathBuf::from(path);
    if given.is_relative() && !given.exists() && db_dir.join(&given).exists() {
        db_dir.join(given)
    } else {
        given
    }
}

/// `/`: the kinds in the database, and a player's games with `player`.
pub async fn home(State(pool): Shared, RawQuery(query): RawQuery) -> Result<Response, Failure> {
    let p = params(query.as_deref(), &["player"])?;
    let player = p.non_empty("player").map(|n| n.trim().to_owned());
    let name = pool.path.display().to_string();
    let (kinds, games) = pool
        .ask(move |db| {
            let kinds = database::kinds(db).map_err(Failure::of)?;
            let games = match &player {
                None => None,
                Some(n) => Some((n.clone(), database::player_games(db, n, PLAYER_GAMES).map_err(Failure::of)?)),
            };
            Ok((kinds, games))
        })
        .await?;
    Ok(answer(HTML, home_page(&name, &kinds, games.as_ref())))
}

fn home_page(db: &str, kinds: &[KindCount], player: Option<&(String, (Vec<GameEntry>, u64))>) -> String {
    let mut out = String::with_capacity(16 * 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n\
         <title>tabula: {0}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{0}</h1>\n<ul id=\"kinds\">\n",
        escape(db)
    );
    if kinds.is_empty() {
        out.push_str("<li>no game indexed yet</li>\n");
    }
    for k in kinds {
        let _ = writeln!(
            out,
            "<li data-kind=\"{0}\"><a href=\"/board?game={0}\">{0}</a>: {1} games, {2} of them ok</li>",
            k.kind, k.games, k.ok
        );
    }
    let value = player.map_or(String::new(), |(n, _)| escape(n));
    let _ = write!(
        out,
        "</ul>\n<form action=\"/\" method=\"get\"><p>a player's games <input id=\"player\" name=\"player\" \
         value=\"{value}\" autocomplete=\"off\"> <button id=\"search\">search</button></p></form>\n"
    );
    if let Some((name, (games, total))) = player {
        let _ = writeln!(
            out,
            "<p id=\"player-total\" data-total=\"{total}\">{total} games of {}{}</p>",
            escape(name),
            if *total as usize > games.len() { format!(", the first {} listed", games.len()) } else { String::new() }
        );
        let mut seen: Vec<&str> = Vec::new();
        out.push_str("<p id=\"player-explorers\">");
        for g in games {
            if !seen.contains(&g.kind) {
                seen.push(g.kind);
                let _ = write!(
                    out,
                    "<a href=\"/board?game={}&amp;player={}\">{}'s explorer: {}</a> ",
                    g.kind,
                    q(name),
                    escape(name),
                    g.kind
                );
            }
        }
        out.push_str(
            "</p>\n<table id=\"player-games\"><thead><tr><th>game</th><th>players</th><th>event</th>\
                      <th>date</th><th>turns</th><th>verdict</th></tr></thead><tbody>\n",
        );
        for g in games {
            let _ = writeln!(
                out,
                "<tr data-fingerprint=\"{f}\"><td><a href=\"/game?game={k}&amp;fingerprint={f}&amp;ply=0\">{k} {src} {id}</a>\
                 </td><td>{p0} – {p1}</td><td>{ev}</td><td>{date}</td><td>{turns}</td><td>{verdict}</td></tr>",
                f = g.fingerprint,
                k = g.kind,
                src = escape(&tabula_replay::view::file_name(&g.source)),
                id = escape(&g.game),
                p0 = escape(&g.players[0]),
                p1 = escape(&g.players[1]),
                ev = escape(g.event.as_deref().unwrap_or_default()),
                date = escape(g.date.as_deref().unwrap_or_default()),
                turns = g.turns,
                verdict = escape(&g.verdict),
            );
        }
        out.push_str("</tbody></table>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}
