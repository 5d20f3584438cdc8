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

  function share(n, total) { return total ? Math.round(100 * n / total) + '%' : '-'; }

  function winsText(wins, total) {
    return Object.keys(wins).map(function (side) { return side + ' ' + share(wins[side], total); }).join(' · ');
  }

  function cell(tr, text) {
    var td = document.createElement('td');
    td.textContent = text;
    tr.appendChild(td);
  }

  function draw(answer, error) {
    var body = $('explorer').tBodies[0];
    body.innerHTML = '';
    $('explorer-games').innerHTML = '';
    $('explorer-error').textContent = error || '';
    if (!answer) {
      $('explorer-total').textContent = '0';
      $('explorer-wins').textContent = '';
    } else {
      $('explorer-total').textContent = String(answer.games);
      $('explorer-wins').textContent = (answer.games === 1 ? 'game' : 'games') +
        (player ? ' of ' + player : '') + (answer.games ? ': ' + winsText(answer.wins, answer.games) : '');
      answer.moves.forEach(function (m) {
        var tr = document.createElement('tr');
        tr.setAttribute('data-move', m.move);
        if (game === 'backgammon') tr.setAttribute('data-dice', m.dice);
        tr.title = 'play it';
        cell(tr, m.move);
        if (game === 'backgammon') cell(tr, m.dice);
        cell(tr, String(m.games));
        cell(tr, winsText(m.wins, m.games));
        body.appendChild(tr);
      });
      answer.top_games.forEach(function (g) {
        var li = document.createElement('li');
        var a = document.createElement('a');
        a.href = '/game?game=' + encodeURIComponent(answer.kind) + '&fingerprint=' + encodeURIComponent(g.fingerprint) +
          '&ply=' + g.ply;
        a.textContent = g.source.split('/').pop() + ' ' + g.game + ', ply ' + g.ply;
        li.appendChild(a);
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
    board.call({ op: 'move', text: tr.getAttribute('data-move') });
  });
  new MutationObserver(refresh).observe($('position'), { childList: true, characterData: true, subtree: true });
  refresh();
})();
