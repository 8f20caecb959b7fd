/* pnpforge rules site: search as people type.
 *
 * The index of a game (search/<game>.js, written by generator/rules_site/search.py) is loaded with a
 * <script> on the first use of the search box — never before, and it works from file:// too. Query
 * words are folded (lower case, no diacritics, ł → l) and stemmed with the same rules as the index
 * (sent in the search box's data-config by the build), so "zloto", "złota" and "złotem" find the same sections.
 * Results are scoped to the game of the current page; "all games" is one click away.
 */
(function () {
  "use strict";

  var cfg = null, docs = {}, requested = {}, scope = "game", game = null, root = "";
  var input, list, meta, scopeBar, toggle, lastQuery = "";
  var TOKEN = /\d+(?:\.\d+)+|[\p{L}\p{N}]+/gu;

  function fold(s) {
    return s.toLowerCase().replace(/ł/g, "l").normalize("NFD").replace(/\p{M}/gu, "");
  }

  // the same steps as stem() in generator/rules_site/search.py
  function stem(tok) {
    if (/^\d/.test(tok)) return tok;
    var i, suf;
    for (i = 0; i < cfg.rules.suffixes.length; i++) {
      suf = cfg.rules.suffixes[i];
      if (tok.length - suf.length >= cfg.rules.min_stem && tok.slice(-suf.length) === suf) {
        return tok.slice(0, -suf.length);
      }
    }
    for (i = 0; i < cfg.rules.mobile_e.length; i++) {
      suf = cfg.rules.mobile_e[i];
      if (tok.slice(-suf.length) === suf && tok.length - 1 >= cfg.rules.min_stem + 1) {
        return tok.slice(0, -2) + tok.slice(-1);
      }
    }
    return tok;
  }

  function tokens(s) { return fold(s).match(TOKEN) || []; }

  window.pnpSearch = {
    add: function (id, rows) {
      docs[id] = rows.map(function (r) {
        return {u: r[0], t: r[1], p: r[2], x: r[3], w: r[4] ? r[4].split(" ") : [],
                tw: r[5] ? r[5].split(" ") : [], b: r[6], g: id};
      });
      if (input && input.value) run(input.value);
    },
    fold: fold,
    stem: function (t) { return stem(t); },
    stems: function (s) { return tokens(s).map(stem); },  // what a query becomes (tests compare with search.py)
    ready: function () { return wanted().every(function (id) { return !!docs[id]; }); }
  };

  function wanted() {
    if (scope === "game" && game) return [game];
    return cfg.games.map(function (g) { return g.id; });
  }

  function load() {
    wanted().forEach(function (id) {
      if (requested[id]) return;
      requested[id] = true;
      var s = document.createElement("script");
      s.src = root + "search/" + encodeURIComponent(id) + ".js";
      s.async = true;
      document.head.appendChild(s);
    });
  }

  function query(q) {
    var raw = tokens(q), stop = cfg.rules.stop;
    var kept = raw.filter(function (t) { return stop.indexOf(t) < 0; });
    if (!kept.length) kept = raw;
    var open = !/\s$/.test(q);
    return kept.map(function (t, i) {
      return {raw: t, stem: stem(t), num: /^\d/.test(t), prefix: open && i === kept.length - 1};
    });
  }

  function matchWords(words, tok) {
    var best = 0, i, w;
    for (i = 0; i < words.length; i++) {
      w = words[i];
      if (w === tok.stem || w === tok.raw) return 1;
      if (tok.num) {
        if (tok.prefix && tok.raw.indexOf(".") > 0 && w.indexOf(tok.raw) === 0) best = Math.max(best, 0.8);
        continue;
      }
      if (tok.prefix && (w.indexOf(tok.raw) === 0 || w.indexOf(tok.stem) === 0)) best = Math.max(best, 0.7);
      else if (tok.stem.length >= 4 && w.indexOf(tok.stem) === 0) best = Math.max(best, 0.5);
    }
    return best;
  }

  function score(doc, toks, needAll) {
    var total = 0, inTitle = 0, hits = 0;
    for (var i = 0; i < toks.length; i++) {
      var m = matchWords(doc.w, toks[i]);
      if (!m) { if (needAll) return 0; continue; }
      hits += 1;
      var mt = matchWords(doc.tw, toks[i]);
      if (mt) inTitle += 1;
      total += m + 2 * mt;
    }
    if (!hits) return 0;
    if (inTitle === toks.length) total += 4 + 3 / Math.max(1, doc.tw.length);  // "Złoto" before "Akcja … Złota"
    return total * doc.b;
  }

  function search(q) {
    var toks = query(q);
    if (!toks.length) return [];
    var pool = [];
    wanted().forEach(function (id) { if (docs[id]) pool = pool.concat(docs[id]); });
    var found = [], pass, i, s;
    for (pass = 0; pass < 2 && !found.length; pass++) {
      for (i = 0; i < pool.length; i++) {
        s = score(pool[i], toks, pass === 0);
        if (s) found.push([s, pool[i]]);
      }
    }
    found.sort(function (a, b) { return b[0] - a[0]; });
    return found.slice(0, 40).map(function (f) { return f[1]; });
  }

  function esc(s) {
    return s.replace(/[&<>"]/g, function (c) { return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]; });
  }

  function marked(text, toks) {
    var stems = toks.map(function (t) { return t.stem; });
    var out = "", pos = 0, m, re = /[\p{L}\p{N}.]+/gu;
    while ((m = re.exec(text))) {
      var f = fold(m[0].replace(/\.$/, "")), st = stem(f);
      var hit = stems.indexOf(st) >= 0 || toks.some(function (t) {
        return (t.prefix && f.indexOf(t.raw) === 0) || (t.stem.length >= 4 && st.indexOf(t.stem) === 0);
      });
      out += esc(text.slice(pos, m.index)) + (hit ? "<mark>" + esc(m[0]) + "</mark>" : esc(m[0]));
      pos = m.index + m[0].length;
    }
    return out + esc(text.slice(pos));
  }

  function snippet(text, toks) {
    var words = text.split(/\s+/), at = 0, stems = toks.map(function (t) { return t.stem; });
    for (var i = 0; i < words.length; i++) {
      var st = stem(fold(words[i].replace(/[^\p{L}\p{N}.]/gu, "")));
      if (stems.indexOf(st) >= 0) { at = i; break; }
    }
    var from = Math.max(0, at - 8), part = words.slice(from, from + 30).join(" ");
    return (from > 0 ? "… " : "") + part + (from + 30 < words.length ? " …" : "");
  }

  function href(url) {
    var parts = url.split("#"), path = parts[0];
    if (location.protocol === "file:" && (path === "" || /\/$/.test(path))) path += "index.html";
    return root + path + (parts.length > 1 ? "#" + parts[1] : "");
  }

  function gameTitle(id) {
    for (var i = 0; i < cfg.games.length; i++) if (cfg.games[i].id === id) return cfg.games[i].title;
    return "";
  }

  function counted(n) {
    var forms = cfg.count, cat = new Intl.PluralRules(cfg.lang).select(n);
    return (forms[cat] || forms.other).replace("{n}", n);
  }

  function run(q) {
    lastQuery = q;
    if (!q.trim()) { list.innerHTML = ""; meta.textContent = cfg.hint; return; }
    if (!pnpSearch.ready()) { meta.textContent = cfg.loading; load(); return; }
    var toks = query(q), hits = search(q);
    meta.textContent = hits.length ? counted(hits.length) : cfg.none;
    list.innerHTML = hits.map(function (d) {
      var where = d.p + (scope === "all" && cfg.games.length > 1 && d.p.indexOf(gameTitle(d.g)) < 0
        ? " · " + gameTitle(d.g) : "");
      return '<li class="md-search-result__item"><a href="' + esc(href(d.u)) + '" class="md-search-result__link" tabindex="-1">' +
        '<article class="md-search-result__article md-typeset"><h1>' + marked(d.t, toks) + "</h1>" +
        '<p class="pnp-result-where">' + esc(where) + "</p>" +
        (d.x ? "<p>" + marked(snippet(d.x, toks), toks) + "</p>" : "") + "</article></a></li>";
    }).join("");
  }

  function setScope(value) {
    scope = value;
    scopeBar.querySelectorAll("button").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.dataset.scope === scope));
    });
    load();
    run(input.value);
  }

  function open() {
    if (toggle && !toggle.checked) toggle.checked = true;
    load();
  }

  function close() {
    if (toggle) toggle.checked = false;
    input.blur();
  }

  function init() {
    var box = document.querySelector(".pnp-search");
    if (!box || !box.dataset.config || box.dataset.ready) return;
    box.dataset.ready = "1";
    cfg = JSON.parse(box.dataset.config);
    root = new URL(box.dataset.base || "./", location.href).href;
    input = box.querySelector(".md-search__input");
    list = box.querySelector(".md-search-result__list");
    meta = box.querySelector(".md-search-result__meta");
    scopeBar = box.querySelector(".pnp-search-scope");
    toggle = document.getElementById("__search");
    var here = location.href.indexOf(root) === 0 ? location.href.slice(root.length).split(/[/#?]/)[0] : "";
    game = cfg.games.some(function (g) { return g.id === here; }) ? here : null;
    if (game && cfg.games.length > 1) {
      scopeBar.hidden = false;
      scopeBar.querySelector('[data-scope="game"]').textContent = cfg.this_game.replace("{game}", gameTitle(game));
      scopeBar.addEventListener("click", function (e) {
        var b = e.target.closest("button[data-scope]");
        if (b) setScope(b.dataset.scope);
      });
    } else {
      scope = "all";
    }
    input.addEventListener("focus", open);
    input.addEventListener("input", function () { open(); run(input.value); });
    box.querySelector('button[type="reset"]').addEventListener("click", function () {
      input.value = ""; run(""); input.focus();
    });
    input.addEventListener("keydown", function (e) {
      var first = list.querySelector("a");
      if (e.key === "Enter" && first) { e.preventDefault(); first.click(); }
      if (e.key === "ArrowDown" && first) { e.preventDefault(); first.focus(); }
      if (e.key === "Escape") close();
    });
    list.addEventListener("keydown", function (e) {
      var links = Array.prototype.slice.call(list.querySelectorAll("a")), i = links.indexOf(document.activeElement);
      if (e.key === "ArrowDown" && i < links.length - 1) { e.preventDefault(); links[i + 1].focus(); }
      if (e.key === "ArrowUp") { e.preventDefault(); (i > 0 ? links[i - 1] : input).focus(); }
      if (e.key === "Escape") close();
    });
    list.addEventListener("click", function (e) { if (e.target.closest("a")) close(); });
    if (toggle) toggle.addEventListener("change", function () { if (toggle.checked) { input.focus(); load(); } });
    document.addEventListener("keydown", function (e) {
      var t = e.target.tagName;
      if ((e.key === "/" || e.key === "s") && t !== "INPUT" && t !== "TEXTAREA" && t !== "SELECT" && !e.ctrlKey && !e.metaKey) {
        e.preventDefault(); open(); input.focus();
      }
    });
  }

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
