// The analysis board of the page (../shared/board.md). It draws what the WebAssembly module
// answers and forwards clicks and typed text to it; every rule and every text is the module's.
(function () {
  var root = document.getElementById('analysis');
  if (!root) return;
  var game = root.getAttribute('data-game');
  var $ = function (id) { return document.getElementById(id); };
  var slot = $('module');
  var src = slot ? slot.textContent.trim() : '';
  if (!src) {
    $('note').textContent = 'this page was written without the analysis module: no move can be tried on it';
    document.body.setAttribute('data-board', 'none');
    return;
  }
  var ex = null;
  var last = null;
  var encoder = new TextEncoder();
  var decoder = new TextDecoder();

  function call(req) {
    var bytes = encoder.encode(JSON.stringify(req));
    var at = ex.tabula_input(bytes.length);
    new Uint8Array(ex.memory.buffer, at, bytes.length).set(bytes);
    var n = ex.tabula_request(bytes.length);
    var out = ex.tabula_output();
    return JSON.parse(decoder.decode(new Uint8Array(ex.memory.buffer, out, n)));
  }

  function text(id, value) { var e = $(id); if (e) e.textContent = value || ''; }

  function render(st) {
    last = st;
    if (st.svg !== undefined) {
      $('aboard').innerHTML = st.svg;
      if (st.selected !== null && st.selected !== undefined) {
        var attr = game === 'backgammon' ? 'data-point' : 'data-square';
        var sel = $('aboard').querySelector('[' + attr + '="' + st.selected + '"]');
        if (sel) sel.classList.add('selected');
      }
    }
    text('position', st.position);
    text('played', st.played);
    text('short', st['short']);
    text('pending', st.pending);
    text('note', st.note);
    var error = $('error');
    error.innerHTML = '';
    if (st.error) {
      var p = document.createElement('p');
      p.textContent = st.error.kind + ': ' + st.error.message;
      error.appendChild(p);
      // The readings of an ambiguous move, or the legal moves nearest to a refused one: a
      // click plays it.
      [[st.error.candidates, 'play this reading', ''],
       [st.error.suggestions, 'play this move', 'did you mean:']].forEach(function (list) {
        if (!list[0] || !list[0].length) return;
        if (list[2]) {
          var say = document.createElement('p');
          say.textContent = list[2];
          error.appendChild(say);
        }
        var ul = document.createElement('ul');
        list[0].forEach(function (c) {
          var li = document.createElement('li');
          li.textContent = c;
          li.setAttribute('data-move', c);
          li.title = list[1];
          ul.appendChild(li);
        });
        error.appendChild(ul);
      });
    }
    var legal = $('legal');
    legal.innerHTML = '';
    var list = st.turns || st.legal || [];
    list.forEach(function (m) {
      var li = document.createElement('li');
      li.textContent = m;
      li.setAttribute('data-move', m);
      legal.appendChild(li);
    });
    text('legal-count', String(list.length));
    $('record').value = st.record || '';
    if (game === 'arimaa') {
      if (st.view) $('view').value = st.view;
      var pieces = $('setup-pieces');
      pieces.innerHTML = '';
      if (st.setup) {
        pieces.appendChild(document.createTextNode('place '));
        st.setup.pieces.forEach(function (p) {
          var b = document.createElement('button');
          b.textContent = p.piece + ' ' + p.left;
          b.setAttribute('data-piece', p.piece);
          b.title = p.name + ': ' + p.left + ' left to place';
          if (p.piece === st.setup.chosen) b.classList.add('chosen');
          pieces.appendChild(b);
        });
      }
    }
    if (game === 'backgammon') {
      if (document.activeElement !== $('dice')) $('dice').value = st.dice || '';
      text('cube', st.cube);
      text('score', st.score);
      text('side', st.side ? st.side + ' on roll' : '');
      var dice = $('dice-buttons');
      dice.innerHTML = '';
      (st.die_values || []).forEach(function (d) {
        var b = document.createElement('button');
        b.textContent = String(d);
        b.setAttribute('data-die', String(d));
        b.title = 'move the chosen checker by ' + d;
        dice.appendChild(b);
      });
    }
  }

  // Each request is timed from the call to the page drawn (tabulaBoard.lastMs).
  function ask(req) {
    var t0 = performance.now();
    var before = cur;
    var st = call(req);
    if (req.op !== 'open' && st.error && st.svg === undefined) {
      // The module refused the request before any board: keep the board, show the error.
      st = Object.assign({}, last || {}, { error: st.error });
    }
    if (tree && req.op !== 'open') follow(st, req.op === 'undo' ? before : null);
    var record = cur && cur !== before ? recordsMove(cur, st) : null;
    if (record) {
      // The record's own move, played on a replay page: the record's next position, not a variation.
      cur.parent.kids.splice(cur.parent.kids.indexOf(cur), 1);
      return goTo(record);
    }
    render(st);
    if (tree) drawTree();
    board.lastMs = performance.now() - t0;
    return st;
  }

  // The tree of the moves tried (a board page: `#moves` is the board's own). The root is the
  // position the board opened at; a node is a move as the module's `line` gives it ({text},
  // with the roll for backgammon), its first child the line's continuation and the others its
  // variations. The module plays every move: a node is shown by opening the board at the root
  // with the node's line (`open` with `line`), as a replay page's frame is.
  var tree = null;
  var cur = null;
  // A page of the board alone has its board inside `#board`; a replay page's `#board` is the record's.
  var standalone = $('aboard').parentNode === $('board');
  // A replay page: the record's positions (its frames) are the main line's nodes.
  var frameEls = standalone ? [] : document.querySelectorAll('#board .frame');
  var frameNodes = [];
  // A replay page a text was pasted into: a board of the pasted game, the record put away.
  var left = false;
  function node(m, parent) { return { m: m, kids: [], parent: parent }; }
  function same(a, b) { return !!a && a.text === b.text && (a.dice || '') === (b.dice || ''); }
  function pathOf(n) { var p = []; while (n && n.parent) { p.unshift(n); n = n.parent; } return p; }
  // The node a board is opened at for `n`: the root, or on a replay page the record's position
  // (a frame) the variation leaves; and the moves from there.
  function baseOf(n) { while (n.m) n = n.parent; return n; }
  function lineOf(n) {
    var line = [];
    while (n.m) { line.unshift(n.m); n = n.parent; }
    return line;
  }
  // A node's name (`data-node`): the moves along first children from the root, then for each
  // variation taken its index among its siblings and the moves along it (`3`, `2.1.1`).
  function idOf(n) {
    var segs = [];
    var count = 0;
    pathOf(n).forEach(function (x) {
      var i = x.parent.kids.indexOf(x);
      if (i === 0) count++;
      else { segs.push(count, i); count = 1; }
    });
    segs.push(count);
    return segs.join('.');
  }
  function byId(id) {
    var segs = String(id).split('.').map(Number);
    if (segs.length % 2 === 0 || segs.some(function (x) { return !(x >= 0) || x % 1 !== 0; })) return null;
    var n = tree;
    for (var k = 0; k < segs[0] && n; k++) n = n.kids[0];
    for (var j = 1; j < segs.length && n; j += 2) {
      if (segs[j] === 0 || segs[j + 1] < 1) return null;
      n = n.kids[segs[j]];
      for (var k2 = 1; k2 < segs[j + 1] && n; k2++) n = n.kids[0];
    }
    return n || null;
  }
  // The module's line after a request: the tree follows it, a move new where the line goes on
  // with another being a variation; a move taken back by `undo` leaves the tree when nothing was
  // tried after it.
  function follow(st, undone) {
    if (!st.line || !cur) return;
    var n = baseOf(undone || cur);
    st.line.forEach(function (m) {
      var next = null;
      for (var k = 0; k < n.kids.length && !next; k++) if (same(n.kids[k].m, m)) next = n.kids[k];
      if (!next) {
        next = node(m.dice ? { text: m.text, dice: m.dice } : { text: m.text }, n);
        n.kids.push(next);
      }
      n = next;
    });
    if (undone && undone.parent === n && undone.kids.length === 0) n.kids.splice(n.kids.indexOf(undone), 1);
    cur = n;
  }
  // When `n`, a move just played from a record's position, is the record's move there: the
  // record's next position (the same position text; a backgammon frame's gnubg ID without its
  // match).
  function recordsMove(n, st) {
    var p = n.parent;
    if (!p || p.frame === undefined || n.kids.length || !st.position) return null;
    var next = null;
    p.kids.forEach(function (k) { if (k.frame !== undefined) next = k; });
    if (!next || next.pos === null) return null;
    return next.pos.split(':')[0] === st.position ? next : null;
  }
  function label(n) {
    var depth = pathOf(n).length;
    return depth + '. ' + (n.m.dice ? n.m.dice + ': ' : '') + n.m.text;
  }
  // The variations of a line (in parentheses) after its node `n`, each a line of its own.
  function variations(n, el, from) {
    var p = n.parent;
    for (var k = from; k < p.kids.length; k++) {
      if (p.kids[k].frame !== undefined) continue;
      var v = document.createElement('span');
      v.className = 'variation';
      v.appendChild(document.createTextNode('( '));
      line(p.kids[k], v);
      v.appendChild(document.createTextNode(') '));
      el.appendChild(v);
    }
  }
  function item(n, text) {
    var s = document.createElement('span');
    s.className = 'node' + (n === cur ? ' current' : '');
    s.setAttribute('data-node', idOf(n));
    s.textContent = text;
    return s;
  }
  function line(n, el) {
    while (n) {
      el.appendChild(item(n, label(n)));
      el.appendChild(document.createTextNode(' '));
      // (A record's position lists the moves tried from it itself, each in its own item.)
      if (n.parent.kids[0] === n && n.parent.frame === undefined) variations(n, el, 1);
      n = n.kids[0];
    }
  }
  // A replay page: under each record's position, the moves tried from it (its children that
  // are not the record's next position), each line in its own item.
  function drawFrames() {
    document.querySelectorAll('#moves li.variation').forEach(function (li) { li.remove(); });
    frameNodes.forEach(function (f, i) {
      var li = document.querySelector('#moves li[data-i="' + i + '"]');
      li.classList.toggle('current', f === cur);
      var at = li;
      f.kids.forEach(function (k) {
        if (k.frame !== undefined) return;
        var v = document.createElement('li');
        v.className = 'variation';
        line(k, v);
        at.after(v);
        at = v;
      });
    });
  }
  function drawTree() {
    if (frameNodes.length) drawFrames();
    else {
      var box = $('moves');
      box.innerHTML = '';
      box.appendChild(item(tree, 'start'));
      box.appendChild(document.createTextNode(' '));
      line(tree.kids[0], box);
    }
    if ($('sgf')) $('sgf').value = sgfOf();
    try { history.replaceState(null, '', linkHash()); } catch (err) { /* a page without history */ }
  }
  function view() { return game === 'arimaa' ? $('view').value : ''; }
  function goTo(n) {
    if (!n) return;
    cur = n;
    var base = baseOf(n);
    if (base.frame !== undefined) window.tabulaShowFrame(base.frame);
    if (base.pos === null) {
      // A record's position the position text cannot say: the board stays where it is.
      drawTree();
      return last;
    }
    return ask({ op: 'open', game: game, position: base.pos, view: view(), line: lineOf(n) });
  }
  function say(message) {
    var p = document.createElement('p');
    p.textContent = message;
    $('error').appendChild(p);
  }
  // The whole tree as one GNU Backgammon .sgf game with its variations (backgammon), written
  // by the module (a request that leaves its board as it is), asked again only when the tree changed.
  var sgfAsked = null;
  var sgfText = '';
  function sgfOf() {
    if (game !== 'backgammon') return '';
    var req = JSON.stringify({ op: 'sgf', position: tree.start, tree: sgfItems(tree) });
    if (req !== sgfAsked) {
      sgfAsked = req;
      sgfText = call(JSON.parse(req)).sgf || '';
    }
    return sgfText;
  }
  // The tree as the module's `sgf` takes it: a flat list of moves `{m, d, p}`, `p` the index of
  // the move it follows (none: the root), the line's continuation first. On a replay page the
  // record's positions are its plays (a frame's `data-play` and `data-dice`, as the program
  // wrote them), and a position no play led to (a cube action, the end) gives way to what
  // follows it.
  function sgfItems(root) {
    var out = [];
    var todo = [[root, undefined]];
    while (todo.length) {
      var at = todo.pop();
      var later = [];
      // The node's moves, a position no play led to replaced by what follows it, in order.
      var kids = at[0].kids.slice();
      for (var k = 0; k < kids.length; k++) {
        var n = kids[k];
        if (n.frame !== undefined && !n.play) {
          kids.splice.apply(kids, [k + 1, 0].concat(n.kids));
          continue;
        }
        var o = n.frame !== undefined ? { m: n.play.text, d: n.play.dice } : { m: n.m.text };
        if (n.frame === undefined && n.m.dice) o.d = n.m.dice;
        if (at[1] !== undefined) o.p = at[1];
        out.push(o);
        later.push([n, out.length - 1]);
      }
      for (var j = later.length - 1; j >= 0; j--) todo.push(later[j]);
    }
    return out;
  }

  // The link: `#tabula1:` then the board (game, starting position, view, tree, current move)
  // as JSON, then its FNV-1a check, so that a link cut or edited by hand is known as one.
  function fnv(s) {
    var h = 0x811c9dc5;
    for (var i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
    return ('0000000' + h.toString(16)).slice(-8);
  }
  function pack(n) {
    return n.kids.map(function (k) {
      if (k.frame !== undefined) return k.kids.length ? { f: k.frame, k: pack(k) } : { f: k.frame };
      var o = { m: k.m.text };
      if (k.m.dice) o.d = k.m.dice;
      if (k.kids.length) o.k = pack(k);
      return o;
    });
  }
  function linkHash() {
    var data = { g: game, p: tree.start, v: view(), t: pack(tree), c: idOf(cur) };
    // A replay page a text was pasted into: the board of the pasted game, not the record.
    if (left) data.o = 1;
    var body = JSON.stringify(data);
    return '#tabula1:' + encodeURIComponent(body) + ':' + fnv(body);
  }
  // A new tree at `start` whose main line is `line`; the board shown at the line's end.
  function plant(start, line) {
    tree = node(null, null);
    tree.start = start || '';
    tree.pos = tree.start;
    var n = tree;
    (line || []).forEach(function (m) {
      var next = node(m.dice ? { text: m.text, dice: m.dice } : { text: m.text }, n);
      n.kids.push(next);
      n = next;
    });
    return n;
  }
  // A replay page's tree: the record's positions, one after another, its main line.
  function plantFrames() {
    frameNodes = [];
    var n = null;
    for (var i = 0; i < frameEls.length; i++) {
      var f = node(null, n);
      f.frame = i;
      f.pos = frameEls[i].getAttribute('data-position');
      var play = frameEls[i].getAttribute('data-play');
      if (play !== null) f.play = { text: play, dice: frameEls[i].getAttribute('data-dice') };
      if (n) n.kids.push(f);
      frameNodes.push(f);
      n = f;
    }
    tree = frameNodes[0];
    tree.start = tree.pos;
  }
  // Opens the board a link gives: what of it is legal, and why the rest is not, in `#error`.
  function restore(hash) {
    var problems = [];
    var m = /^#tabula(\d*):([^:]*):?(.*)$/.exec(hash);
    if (!m) return false;
    var body = null;
    if (m[1] !== '1') problems.push('the link is of version ' + (m[1] || 'none') + ', this page reads version 1');
    else {
      try { body = decodeURIComponent(m[2]); } catch (err) { problems.push('the link cannot be read: ' + err.message); }
    }
    var data = null;
    if (body !== null) {
      if (fnv(body) !== m[3]) problems.push('the link was edited or cut (its check does not match): what is legal of it is restored');
      try { data = JSON.parse(body); } catch (err) { problems.push('the link cannot be read: ' + err.message); }
    }
    if (data && typeof data === 'object' && data.g !== game) {
      problems.push('the link is of a ' + data.g + ' board, this one is ' + game);
      data = null;
    }
    if (data && data.o) leaveRecord();
    var start = root.getAttribute('data-position') || '';
    if (frameNodes.length) plantFrames();
    else if (data && typeof data.p === 'string') {
      if (game === 'arimaa' && ['g', 's', 'n'].indexOf(data.v) >= 0) $('view').value = data.v;
      var opened = call({ op: 'open', game: game, position: data.p, view: view() });
      if (opened.error) problems.push("the link's position is refused: " + opened.error.message);
      else start = data.p;
    }
    if (!frameNodes.length) plant(start, []);
    // Each line of the link's tree played by the module: a move refused cuts its line there.
    function grow(into, items, depth) {
      if (!Array.isArray(items)) return;
      items.forEach(function (it) {
        if (it && typeof it.f === 'number') {
          // A record's position: the next one of the record.
          var f = null;
          into.kids.forEach(function (k) { if (k.frame === it.f) f = k; });
          if (f) grow(f, it.k, depth + 1);
          else problems.push('the link names position ' + it.f + ' of the record where the record has none');
          return;
        }
        if (!it || typeof it.m !== 'string') { problems.push('a move of the link is not a text'); return; }
        var m2 = it.d ? { text: it.m, dice: String(it.d) } : { text: it.m };
        var line = lineOf(into).concat([m2]);
        var base = baseOf(into);
        if (base.pos === null) { problems.push('no move can be tried from position ' + base.frame); return; }
        var st = call({ op: 'open', game: game, position: base.pos, view: view(), line: line });
        if (st.error || !st.line || st.line.length !== line.length) {
          var why = st.error ? st.error.message : 'not played';
          problems.push('move ' + depth + ' of the link (' + it.m + ') is refused: ' + why);
          return;
        }
        var played = st.line[st.line.length - 1];
        var child = null;
        into.kids.forEach(function (k) { if (same(k.m, played)) child = k; });
        if (!child) { child = node(played, into); into.kids.push(child); }
        grow(child, it.k, depth + 1);
      });
    }
    if (data) grow(tree, data.t, 1);
    var to = data && data.c !== undefined ? byId(data.c) : tree;
    if (!to) { problems.push('the link\'s current move ' + data.c + ' is not in its tree: the start is shown'); to = tree; }
    goTo(to);
    problems.forEach(say);
    return true;
  }
  // A replay page given a text to open: the page becomes a board of the pasted game, as a page
  // of the board alone; the record's pictures, its navigation, header and verdict are put away
  // (the page loaded again brings them back).
  function leaveRecord() {
    if (standalone || left) return;
    left = true;
    frameNodes = [];
    for (var i = 0; i < frameEls.length; i++) frameEls[i].hidden = true;
    ['main nav', 'table.header', '#verdict'].forEach(function (s) {
      var e = document.querySelector(s);
      if (e) e.style.display = 'none';
    });
    var title = document.querySelector('h1');
    if (title) title.textContent = game + ': analysis board';
    document.body.setAttribute('data-record', 'left');
    wireTree();
  }
  function loadPasted() {
    var answer = call({ op: 'read', game: game, text: $('paste').value, view: view() });
    if (answer.error) {
      // The text is refused: the board stays, the message says why.
      render(Object.assign({}, last || {}, { error: answer.error }));
      return answer;
    }
    if (game === 'arimaa' && answer.view) $('view').value = answer.view;
    leaveRecord();
    var end = plant(answer.start, answer.line);
    return goTo(end);
  }
  function key(e) {
    var t = e.target;
    if (t && t.tagName && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
    if (e.key === '?') { $('keys').hidden = !$('keys').hidden; return; }
    if (!cur) return;
    var to = null;
    var siblings = cur.parent ? cur.parent.kids : [cur];
    var at = siblings.indexOf(cur);
    if (e.key === 'ArrowLeft') to = cur.parent;
    else if (e.key === 'ArrowRight') to = cur.kids[0];
    else if (e.key === 'Home') to = tree;
    else if (e.key === 'End') { to = cur; while (to.kids[0]) to = to.kids[0]; }
    else if (e.key === 'ArrowUp') to = siblings[at - 1];
    else if (e.key === 'ArrowDown') to = siblings[at + 1];
    else return;
    e.preventDefault();
    if (to && to !== cur) goTo(to);
  }

  var board = {
    lastMs: 0,
    call: ask,
    // A board of its own opened at `position`, `line` played on it: a page of the board alone
    // makes them its tree's root and main line; a replay page's board is opened there as it is.
    open: function (position, line) {
      if (standalone || left) return goTo(plant(position, line || []));
      var req = { op: 'open', game: game, position: position || '', view: view() };
      if (line) req.line = line;
      return ask(req);
    },
    state: function () { return last; },
    current: function () { return cur ? idOf(cur) : null; },
    link: function () { return tree ? linkHash() : ''; },
  };

  function playTyped() {
    var t = $('move').value;
    var st = ask({ op: 'move', text: t });
    if (!st.error) $('move').value = '';
  }

  // The tree's keys, its moves clicked, the keys' help and the link: a page of the board alone,
  // a replay page, and any page a text was pasted into.
  var treeWired = false;
  function wireTree() {
    if (treeWired) return;
    treeWired = true;
    document.addEventListener('keydown', key);
    $('help').addEventListener('click', function () { $('keys').hidden = !$('keys').hidden; });
    // A move of the tree clicked (a replay page's own items of the record go to their frames).
    $('moves').addEventListener('click', function (e) {
      var s = e.target.closest('span[data-node]');
      if (s) goTo(byId(s.getAttribute('data-node')));
    });
    $('link').addEventListener('click', function () {
      var url = location.href.split('#')[0] + linkHash();
      $('link').setAttribute('data-link', url);
      $('copied').textContent = 'link copied';
      var fallback = function () {
        var t = document.createElement('textarea');
        t.value = url;
        document.body.appendChild(t);
        t.select();
        try { document.execCommand('copy'); } catch (err) { $('copied').textContent = 'the link: ' + url; }
        t.remove();
      };
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).catch(fallback);
      else fallback();
    });
  }

  function wire() {
    // Keys typed into the fields are not the record's arrow keys.
    $('move').addEventListener('keydown', function (e) {
      e.stopPropagation();
      if (e.key === 'Enter') { playTyped(); e.preventDefault(); }
    });
    $('play').addEventListener('click', playTyped);
    $('flip').addEventListener('click', function () {
      var b = $('board');
      var flipped = b.getAttribute('data-flipped') !== 'true';
      b.setAttribute('data-flipped', String(flipped));
      root.setAttribute('data-flipped', String(flipped));
    });
    if (standalone || frameEls.length) wireTree();
    $('load').addEventListener('click', loadPasted);
    $('paste').addEventListener('keydown', function (e) { e.stopPropagation(); });
    $('undo').addEventListener('click', function () { ask({ op: 'undo' }); });
    $('aboard').addEventListener('click', function (e) {
      var place = e.target.closest('[data-square],[data-point]');
      if (!place) return;
      if (place.hasAttribute('data-square')) ask({ op: 'click', square: place.getAttribute('data-square') });
      else ask({ op: 'click', point: Number(place.getAttribute('data-point')) });
    });
    $('legal').addEventListener('click', function (e) {
      var li = e.target.closest('li[data-move]');
      if (li) ask({ op: 'step', text: li.getAttribute('data-move') });
    });
    $('error').addEventListener('click', function (e) {
      var li = e.target.closest('li[data-move]');
      if (li) ask({ op: 'move', text: li.getAttribute('data-move') });
    });
    if (game === 'arimaa') {
      $('view').value = root.getAttribute('data-view') || 'g';
      $('view').addEventListener('change', function () { ask({ op: 'view', view: $('view').value }); });
      $('finish').addEventListener('click', function () { ask({ op: 'finish' }); });
      $('turns').addEventListener('click', function () { ask({ op: 'turns' }); });
      $('setup-pieces').addEventListener('click', function (e) {
        var b = e.target.closest('[data-piece]');
        if (b) ask({ op: 'piece', piece: b.getAttribute('data-piece') });
      });
    }
    if (game === 'backgammon') {
      var setDice = function () { ask({ op: 'dice', dice: $('dice').value }); };
      // A roll is asked for once its two digits are typed (not on leaving the field: the list
      // drawn again under a click would lose that click); while the field holds less than a
      // roll, the board has none, so that the dice drawn are always the field's.
      $('dice').addEventListener('input', function () {
        var v = $('dice').value.trim();
        if (v.length >= 2) setDice();
        else ask({ op: 'dice', dice: '' });
      });
      $('dice').addEventListener('keydown', function (e) {
        e.stopPropagation();
        if (e.key === 'Enter') { setDice(); e.preventDefault(); }
      });
      $('roll').addEventListener('click', function () {
        var d = function () { return 1 + Math.floor(Math.random() * 6); };
        $('dice').value = String(d()) + String(d());
        setDice();
      });
      $('dice-buttons').addEventListener('click', function (e) {
        var b = e.target.closest('[data-die]');
        if (b) ask({ op: 'die', die: Number(b.getAttribute('data-die')) });
      });
    }
  }

  var bin = atob(src);
  var bytes = new Uint8Array(bin.length);
  for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  // The module is inlined deflated: the browser's own DecompressionStream inflates it.
  var module = slot.getAttribute('data-encoding') === 'deflate-raw'
    ? new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'))).arrayBuffer()
    : Promise.resolve(bytes);
  module.then(function (wasm) { return WebAssembly.instantiate(wasm, {}); }).then(function (result) {
    ex = result.instance.exports;
    window.tabulaBoard = board;
    wire();
    if (frameEls.length && window.tabulaShowFrame) {
      board.toFrame = function (i) { return goTo(frameNodes[i]); };
      plantFrames();
      if (!restore(location.hash)) goTo(frameNodes[window.tabulaCurrent()] || tree);
    } else if (standalone) {
      plant(root.getAttribute('data-position'), []);
      if (!restore(location.hash)) goTo(tree);
    } else board.open(root.getAttribute('data-position'));
    if (!last) board.open(root.getAttribute('data-position'));
    document.body.setAttribute('data-board', 'ready');
  }).catch(function (err) {
    (window.tabulaErrors = window.tabulaErrors || []).push('module: ' + err);
    $('note').textContent = 'the analysis module failed to load: ' + err;
    document.body.setAttribute('data-board', 'failed');
  });
})();
