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
    var st = call(req);
    if (req.op !== 'open' && st.error && st.svg === undefined) {
      // The module refused the request before any board: keep the board, show the error.
      st = Object.assign({}, last || {}, { error: st.error });
    }
    render(st);
    board.lastMs = performance.now() - t0;
    return st;
  }

  var board = {
    lastMs: 0,
    call: ask,
    open: function (position, line) {
      var req = { op: 'open', game: game, position: position || '', view: game === 'arimaa' ? $('view').value : '' };
      if (line) req.line = line;
      return ask(req);
    },
    state: function () { return last; },
  };

  function playTyped() {
    var t = $('move').value;
    var st = ask({ op: 'move', text: t });
    if (!st.error) $('move').value = '';
  }

  function wire() {
    // Keys typed into the fields are not the record's arrow keys.
    $('move').addEventListener('keydown', function (e) {
      e.stopPropagation();
      if (e.key === 'Enter') { playTyped(); e.preventDefault(); }
    });
    $('play').addEventListener('click', playTyped);
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
  WebAssembly.instantiate(bytes, {}).then(function (result) {
    ex = result.instance.exports;
    window.tabulaBoard = board;
    wire();
    if (window.tabulaOpenShown) window.tabulaOpenShown();
    else board.open(root.getAttribute('data-position'));
    if (!last) board.open(root.getAttribute('data-position'));
    document.body.setAttribute('data-board', 'ready');
  }).catch(function (err) {
    (window.tabulaErrors = window.tabulaErrors || []).push('module: ' + err);
    $('note').textContent = 'the analysis module failed to load: ' + err;
    document.body.setAttribute('data-board', 'failed');
  });
})();
