// The explorer beside the analysis board of `tabula serve`: the moves played from the position
// the board shows, asked of the server's /api/explore; a move clicked is played by the board's
// own requests (window.tabulaBoard), so that the module judges it as any move typed.
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var panel = $('explorer-panel');
  if (!panel) return;
  var game = panel.getAttribute('data-game');
  var player = panel.getAttribute('data-player');
  var shown = null;
  var asked = 0;

  // The sides as people name them (the keys of `wins` are those of `positions`).
  var NAMES = { on_roll: 'on roll', other: 'other', g: 'Gold', s: 'Silver', sq: 'Square', cr: 'Circle' };
  function named(side) { return NAMES[side] || side; }

  function share(n, total) { return total ? Math.round(100 * n / total) + '%' : '-'; }

  function winsText(wins, total) {
    return Object.keys(wins).map(function (side) { return named(side) + ' ' + share(wins[side], total); }).join(' · ');
  }

  function cell(tr, text, name) {
    var td = document.createElement('td');
    td.textContent = text;
    if (name) td.className = name;
    tr.appendChild(td);
    return td;
  }

  // Each side's share of the games as a bar, the games without a result in grey at its end.
  function bar(wins, total) {
    var div = document.createElement('div');
    div.className = 'bar';
    var rest = total;
    Object.keys(wins).forEach(function (side, i) {
      rest -= wins[side];
      div.appendChild(segment('side' + i, wins[side], total, named(side)));
    });
    if (rest > 0) div.appendChild(segment('none', rest, total, 'no result'));
    return div;
  }

  function segment(name, n, total, label) {
    var span = document.createElement('span');
    var part = total ? 100 * n / total : 0;
    span.className = name;
    span.style.width = part + '%';
    span.textContent = part >= 15 ? Math.round(part) + '%' : '';
    span.title = label + ': ' + n + ' of ' + total;
    return span;
  }

  // The header of the bars: each side's colour and name.
  function legend(th, wins) {
    th.textContent = '';
    Object.keys(wins).forEach(function (side, i) {
      var swatch = document.createElement('span');
      swatch.className = 'swatch side' + i;
      th.appendChild(swatch);
      th.appendChild(document.createTextNode(named(side)));
    });
  }

  function row(body, text, dice, games, total, wins) {
    var tr = document.createElement('tr');
    cell(tr, text, 'move');
    if (game === 'backgammon') cell(tr, dice, 'dice');
    cell(tr, String(games), 'games');
    cell(tr, share(games, total), 'share');
    cell(tr, '', 'wins').appendChild(bar(wins, games));
    body.appendChild(tr);
    return tr;
  }

  function draw(answer, error) {
    var table = $('explorer');
    var body = table.tBodies[0];
    body.innerHTML = '';
    if (table.tFoot) table.deleteTFoot();
    $('explorer-games').innerHTML = '';
    $('explorer-error').textContent = error || '';
    if (!answer) {
      $('explorer-total').textContent = '0';
      $('explorer-wins').textContent = '';
    } else {
      $('explorer-total').textContent = String(answer.games);
      $('explorer-wins').textContent = (answer.games === 1 ? 'game' : 'games') +
        (player ? ' of ' + player : '') + (answer.games ? ': ' + winsText(answer.wins, answer.games) : '');
      legend(table.tHead.querySelector('th.wins'), answer.wins);
      answer.moves.forEach(function (m) {
        // A move without a position after it is a roll a game ended on, nothing played (a
        // backgammon record that writes the roll, then the resignation): shown, not playable.
        // An empty play with a position after it is a roll that cannot be played.
        var ended = !m.position;
        var text = m.move || (ended ? 'the game ended' : 'cannot move');
        var tr = row(body, text, m.dice, m.games, answer.games, m.wins);
        tr.setAttribute('data-move', m.move);
        if (game === 'backgammon') tr.setAttribute('data-dice', m.dice);
        if (ended) {
          tr.setAttribute('data-ended', 'true');
          tr.title = 'the game ended on this roll, no play recorded';
        } else {
          tr.title = 'play ' + text + (game === 'backgammon' ? ' (' + m.dice + ')' : '');
        }
      });
      if (!answer.moves.length) {
        var none = document.createElement('tr');
        cell(none, answer.games ? 'no move played from here' : 'no game reaches this position', 'empty')
          .colSpan = table.tHead.rows[0].cells.length;
        body.appendChild(none);
      } else {
        row(table.createTFoot(), 'Σ', '', answer.games, answer.games, answer.wins);
      }
      answer.top_games.forEach(function (g) {
        var li = document.createElement('li');
        var a = document.createElement('a');
        a.href = '/game?game=' + encodeURIComponent(answer.kind) + '&fingerprint=' + encodeURIComponent(g.fingerprint) +
          '&ply=' + g.ply;
        a.textContent = g.source.split('/').pop() + ' ' + g.game;
        var ply = document.createElement('span');
        ply.className = 'ply';
        ply.textContent = 'ply ' + g.ply;
        li.appendChild(a);
        li.appendChild(ply);
        $('explorer-games').appendChild(li);
      });
    }
    panel.setAttribute('data-position', shown || '');
    panel.setAttribute('data-state', 'ready');
  }

  function refresh() {
    var position = $('position').textContent;
    if (!position || position === shown) return;
    shown = position;
    var mine = ++asked;
    panel.setAttribute('data-state', 'asking');
    var url = '/api/explore?game=' + encodeURIComponent(game) + '&position=' + encodeURIComponent(position);
    if (player) url += '&player=' + encodeURIComponent(player);
    fetch(url).then(function (r) {
      return r.json().then(function (body) { return { ok: r.ok, body: body }; });
    }).then(function (a) {
      if (mine === asked) draw(a.ok ? a.body : null, a.ok ? '' : a.body.error);
    }).catch(function (err) {
      if (mine === asked) draw(null, 'the server did not answer: ' + err);
    });
  }

  $('explorer').addEventListener('click', function (e) {
    var tr = e.target.closest('tr[data-move]');
    var board = window.tabulaBoard;
    if (!tr || !board) return;
    if (game === 'backgammon') {
      var dice = tr.getAttribute('data-dice');
      $('dice').value = dice;
      board.call({ op: 'dice', dice: dice });
    }
    // A roll the game ended on: its dice on the board, no move to play.
    if (tr.getAttribute('data-ended') === 'true') return;
    board.call({ op: 'move', text: tr.getAttribute('data-move') });
  });
  new MutationObserver(refresh).observe($('position'), { childList: true, characterData: true, subtree: true });
  refresh();
})();
